/**
 * Fails when a locale misses a key or has an extra one, when placeholders differ from English,
 * when a non-English value is still the English text (brand names and the like allow-listed),
 * or when a value is empty. English (`i18n/en/`) is the source.
 *
 * And the rules a native review asked for (issue 19):
 * - a plural form may leave out `{{count}}` only where CLDR gives its category one number
 *   (Arabic zero, one and two; English, Urdu and Sorani one; never French one, which is 0 and 1);
 * - the product's name is never typed into a sentence: `{{product}}` (from the config) is;
 * - Latin digits in every language (no Arabic-Indic ٠-٩ or Eastern ۰-۹ digits);
 * - in right-to-left languages a dial code `(+{{code}})` is isolated left-to-right (LRI ... PDI);
 * - French typography: U+202F before ? ! ; and » and after «, U+00A0 before :, and ’ (never ');
 * - each language's glossary (`i18n/<lang>/GLOSSARY.md`): a term's variants it lists are errors.
 *
 * And the rules of the catalog review's third turn (issue 33; the language rules are in
 * ./i18n-rules.ts):
 * - every rendering a glossary gives is written in its catalogs (a row that describes something the
 *   catalogs do not say is out of date);
 * - no value shows a server's raw identifier: no `{{challenge}}` placeholder, no error name
 *   (`USER_BLOCKED`) or server code (`US-0068`) in the text;
 * - Sorani buttons are imperatives (بگۆڕە), never verbal nouns (گۆڕین), as its glossary says;
 * - no masculine-only form about the reader where the language has a neutral one (Urdu first
 *   person «میں … تھا», French « nouvel utilisateur »);
 * - Arabic writes no vowel on a shadda, Urdu no optional zer, zabar or pesh;
 * - the tatweel: never next to a placeholder, a Latin letter or a digit in Arabic and Urdu (the
 *   digit comes from another font and the join breaks); always between a Sorani suffix and a Latin
 *   word or `{{product}}` (PINـەکەت).
 *
 * And the review's mechanical checks, which held at turn 3, as rules so that they keep holding:
 * - each plural key has exactly the forms CLDR gives its language, and an Arabic singular or dual
 *   writes no `{{count}}` (the word says its number: «ثانيتين»);
 * - each Arabic-script language writes its own letters (no Arabic ي ك ة in Urdu or Sorani, no
 *   Persian ی ک in Arabic, no Urdu ۔ in Arabic or Sorani);
 * - right-to-left languages write ، ؛ ؟ and their own quotes, never the Latin , ; ? ' "; Urdu
 *   ends a sentence with ۔; French, Arabic and Sorani quote with « », Urdu with “ ”, evenly;
 * - no space at either end of a value, never two in a row, … and never three dots, and a value
 *   ends with … exactly where English does (a progress label).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIR, INTL_LOCALE, LOCALES, DEFAULT_LOCALE, type Locale } from '../src/i18n/config.ts';
import {
  alphabetProblems,
  arabicCountProblems,
  BUTTON_KEYS,
  diacriticProblems,
  genderProblems,
  punctuationProblems,
  serverTextProblems,
  soraniButtonProblems,
  spacingProblems,
  tatweelProblems,
  unknownButtonKeys,
} from './i18n-rules.ts';

type Tree = { [key: string]: string | Tree };

const ROOT = new URL('../i18n/', import.meta.url).pathname;
/** Brand and technical names that are the same in every language. */
const SAME_EVERYWHERE = new Set(['Masar', 'Apple', 'Google', 'OTP', 'PIN', 'SMS']);
/** Words a language writes as English does (French « Menu »). */
const SAME_IN: Partial<Record<Locale, ReadonlySet<string>>> = { fr: new Set(['Menu']) };
/** Where the product's name itself lives; every other string takes it as `{{product}}`. */
const PRODUCT_KEY = { ns: 'common', key: 'productName' } as const;

/** A value may equal English when it is a name, or has no words outside its placeholders. */
function mayEqualEnglish(value: string, locale: Locale): boolean {
  return (
    SAME_EVERYWHERE.has(value) ||
    SAME_IN[locale]?.has(value) === true ||
    !/\p{L}/u.test(value.replace(/\{\{\s*\w+\s*\}\}/g, ''))
  );
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

export function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Plural keys (`x_one`, `x_few` ...) are checked by their base: locales have different forms. */
function pluralBase(key: string): string {
  return key.replace(PLURAL, '');
}

/**
 * The plural forms CLDR gives a locale (Arabic six, French one/many/other, Urdu and Sorani
 * one/other) against the forms one of its plural keys has: a missing form falls back to `_other`
 * («3 ثانية»), an extra one is never read.
 */
export function pluralFormProblems(
  locale: Locale,
  base: string,
  forms: Iterable<string>,
): string[] {
  const expected = new Intl.PluralRules(INTL_LOCALE[locale]).resolvedOptions().pluralCategories;
  const have = new Set(forms);
  const missing = expected.filter((form) => !have.has(form));
  const extra = [...have].filter((form) => !(expected as string[]).includes(form));
  return [
    ...(missing.length > 0
      ? [`plural ${base} lacks the form(s) ${missing.join(', ')} (CLDR)`]
      : []),
    ...(extra.length > 0
      ? [`plural ${base} has the form(s) ${extra.join(', ')}, which ${locale} never uses`]
      : []),
  ];
}

/** The plural keys among `keys` (of one namespace) whose English has forms, checked by base. */
function pluralSetProblems(
  locale: Locale,
  bases: ReadonlySet<string>,
  keys: Iterable<string>,
): string[] {
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const base = pluralBase(key);
    if (bases.has(base))
      forms.set(base, [...(forms.get(base) ?? []), PLURAL.exec(key)?.[1] ?? key]);
  }
  return [...forms].flatMap(([base, list]) => pluralFormProblems(locale, base, list));
}

/** A progress label ends with … in every language, and only a progress label does. */
export function ellipsisProblems(value: string, english: string): string[] {
  return value.endsWith('…') === english.endsWith('…')
    ? []
    : [
        english.endsWith('…')
          ? 'lacks the … that English ends with'
          : 'ends with … where English does not',
      ];
}

/**
 * Whether a plural form of this locale may leave out `{{count}}`: its CLDR category holds one
 * whole number only (Arabic 'two' is 2, so «ثانيتين» says it; French 'one' is 0 and 1, so not).
 */
export function mayOmitCount(locale: Locale, category: string): boolean {
  const rules = new Intl.PluralRules(INTL_LOCALE[locale]);
  let numbers = 0;
  for (let n = 0; n <= 1000 && numbers < 2; n += 1) if (rules.select(n) === category) numbers += 1;
  return numbers === 1;
}

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/u;

/** Latin digits in every language: the product formats every number so. */
export function digitProblems(value: string): string[] {
  return EASTERN_DIGITS.test(value)
    ? ['uses Eastern Arabic digits (Latin digits are the rule)']
    : [];
}

/**
 * A dial code next to a right-to-left country name reads "(971+)" unless it is isolated
 * left-to-right: `\u2066(+{{code}})\u2069` (LRI ... PDI).
 */
export function dialCodeProblems(value: string): string[] {
  const codes = value.match(/\(\+\{\{\s*\w+\s*\}\}\)/g) ?? [];
  const isolated = value.match(/\u2066\(\+\{\{\s*\w+\s*\}\}\)\u2069/g) ?? [];
  return codes.length > isolated.length
    ? ['has a dial code (+{{code}}) not isolated left-to-right (U+2066 ... U+2069)']
    : [];
}

/** French typography (the Imprimerie nationale's rules, as French apps follow them). */
export function frenchProblems(value: string): string[] {
  const problems: string[] = [];
  const text = value.replace(/\{\{\s*\w+\s*\}\}/g, 'x');
  if (/[ \u00A0][?!;»]/u.test(text) || /«[ \u00A0]/u.test(text)) {
    problems.push('needs U+202F (narrow no-break space) before ? ! ; » and after «');
  }
  if (
    /[^\s\u00A0\u202F]([?!;»])/u.test(text.replace(/\.\.\.|…/g, '')) ||
    /«[^\s\u00A0\u202F]/u.test(text)
  ) {
    problems.push('has ? ! ; or « » without the narrow no-break space (U+202F)');
  }
  if (/ :/u.test(text) || /[^\s\u00A0\u202F\d]:(?!\/\/)/u.test(text)) {
    problems.push('needs U+00A0 (no-break space) before :');
  }
  if (text.includes("'")) problems.push("uses a straight apostrophe (' instead of ’)");
  return problems;
}

/** One glossary row: a term and the variants of it that must not be written. */
export interface GlossaryEntry {
  term: string;
  rendering: string;
  /** The forms the catalogs write (the rendering's code spans): each must be in some value. */
  renderings: string[];
  avoid: string[];
  /** Keys (`ns:key`) where a variant is what the spec quotes. */
  allowedIn: string[];
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/**
 * `GLOSSARY.md`: a Markdown table `| Term | Rendering | Avoid | Allowed in |`, variants and keys
 * in backticks. Rows without a variant document a term and check nothing.
 */
export function parseGlossary(markdown: string): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.trim().startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1);
    const [term = '', rendering = '', avoid = '', allowed = ''] = cells.map((c) => c.trim());
    if (/^-+$/.test(term.replace(/[:\s]/g, '')) || term.toLowerCase() === 'term') continue;
    entries.push({
      term,
      rendering: codeSpans(rendering).join(' / ') || rendering,
      renderings: codeSpans(rendering),
      avoid: codeSpans(avoid),
      allowedIn: codeSpans(allowed),
    });
  }
  return entries;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A variant as a word (a hyphen joins words: `mail` is not in `e-mail`): Latin words whole and in
 * any case, a phrase in the plural too (`compte entreprise` is in « Comptes entreprises »); Arabic
 * script from a word's start, after one of the letters that attach before a word (و ف ب ل ك:
 * «برقم الهاتف», «وتناول»), and suffixes attach after it (حسابك).
 */
function variantPattern(variant: string): RegExp {
  const latin = !/[\u0600-\u06FF]/u.test(variant);
  const wordStart = latin ? '(?<![\\p{L}\\p{M}-])' : '(?<![\\p{L}\\p{M}-])[وفبلك]?';
  const before = /^[\p{L}\p{M}]/u.test(variant) ? wordStart : '';
  const after = latin && /[\p{L}\p{M}]$/u.test(variant) ? '(?![\\p{L}\\p{M}-])' : '';
  const body =
    latin && variant.includes(' ')
      ? variant
          .split(' ')
          .map((word) => escapeRegExp(word) + (/\p{L}$/u.test(word) ? '(?:s|x)?' : ''))
          .join(' ')
      : escapeRegExp(variant);
  return new RegExp(`${before}${body}${after}`, latin ? 'iu' : 'u');
}

/** The glossary's variants found in one value. */
export function glossaryProblems(
  glossary: readonly GlossaryEntry[],
  key: string,
  value: string,
): string[] {
  const problems: string[] = [];
  const text = value.replace(/\{\{\s*\w+\s*\}\}/g, '\u2026');
  for (const entry of glossary) {
    if (entry.allowedIn.includes(key)) continue;
    for (const variant of entry.avoid) {
      if (variantPattern(variant).test(text)) {
        problems.push(
          `writes "${variant}" for "${entry.term}" (the glossary says ${entry.rendering})`,
        );
      }
    }
  }
  return problems;
}

/** Spaces French typography puts in (U+00A0, U+202F) are spaces to a glossary's reader. */
const plainSpaces = (text: string) => text.replace(/[\u00A0\u202F]/gu, ' ').toLowerCase();

/**
 * The renderings of a glossary that no value of its catalogs writes: the row describes something
 * other than the catalogs (turn 3 found three), so one of the two is wrong.
 */
export function unusedRenderings(
  glossary: readonly GlossaryEntry[],
  values: Iterable<string>,
): string[] {
  const text = [...values].map(plainSpaces).join('\n');
  const problems: string[] = [];
  for (const entry of glossary) {
    for (const rendering of entry.renderings) {
      if (!text.includes(plainSpaces(rendering))) {
        problems.push(`glossary row "${entry.term}" gives "${rendering}", which no value writes`);
      }
    }
  }
  return problems;
}

/** A glossary term without its note: `sign in (verb)` and `sign in` are one term. */
const termName = (term: string) =>
  term
    .replace(/\s*\(.*$/u, '')
    .trim()
    .toLowerCase();

/**
 * Where English writes a term's rendering as a whole value (a button «Continue», the link «Forgot
 * your password?», the label «PIN»), a language's value at that key must be one of its own
 * glossary's renderings of the term: else the row and the catalog disagree.
 */
export function glossaryDisagreements(
  english: readonly GlossaryEntry[],
  englishValues: ReadonlyMap<string, string>,
  glossary: readonly GlossaryEntry[],
  values: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = [];
  for (const entry of glossary) {
    const source = english.find((row) => termName(row.term) === termName(entry.term));
    if (!source || entry.renderings.length === 0) continue;
    const renderings = new Set(entry.renderings.map(plainSpaces));
    const wholes = new Set(source.renderings.map(plainSpaces));
    for (const [key, value] of englishValues) {
      const local = values.get(key);
      if (!wholes.has(plainSpaces(value)) || local === undefined) continue;
      if (!renderings.has(plainSpaces(local))) {
        problems.push(
          `glossary row "${entry.term}" gives ${entry.renderings.map((r) => `"${r}"`).join(', ')}, but ${key} says "${local}"`,
        );
      }
    }
  }
  return problems;
}

/** The rules on each value's own text, for one locale. */
export function textProblems(
  locale: Locale,
  key: string,
  value: string,
  product: string | undefined,
  glossary: readonly GlossaryEntry[],
): string[] {
  const problems: string[] = [];
  if (product && key !== `${PRODUCT_KEY.ns}:${PRODUCT_KEY.key}` && value.includes(product)) {
    problems.push(`types the product's name "${product}" (use {{product}})`);
  }
  if (locale !== 'en' && locale !== 'fr') problems.push(...digitProblems(value));
  if (DIR[locale] === 'rtl') problems.push(...dialCodeProblems(value));
  if (locale === 'fr') problems.push(...frenchProblems(value));
  problems.push(...glossaryProblems(glossary, key, value));
  problems.push(...serverTextProblems(value));
  if (locale === 'ckb' && BUTTON_KEYS.has(key)) problems.push(...soraniButtonProblems(value));
  problems.push(...genderProblems(locale, value));
  problems.push(...diacriticProblems(locale, value));
  problems.push(...tatweelProblems(locale, value));
  problems.push(...alphabetProblems(locale, value));
  problems.push(...punctuationProblems(locale, value, DIR[locale]));
  problems.push(...spacingProblems(value));
  return problems;
}

export function checkCatalogs(
  read: (locale: string, ns: string) => Tree | undefined,
  namespaces: string[],
  glossaries: Partial<Record<Locale, readonly GlossaryEntry[]>> = {},
): string[] {
  const problems: string[] = [];
  const productTree = read(DEFAULT_LOCALE, PRODUCT_KEY.ns);
  const product = productTree ? flatten(productTree).get(PRODUCT_KEY.key) : undefined;
  const values = new Map<Locale, Map<string, string>>(LOCALES.map((l) => [l, new Map()]));
  for (const ns of namespaces) {
    const english = flatten(read(DEFAULT_LOCALE, ns) ?? {});
    const englishBases = new Set([...english.keys()].map(pluralBase));
    const englishPluralBases = new Set(
      [...english.keys()].filter((key) => PLURAL.test(key)).map(pluralBase),
    );
    for (const [key, value] of english) values.get(DEFAULT_LOCALE)?.set(`${ns}:${key}`, value);
    for (const problem of pluralSetProblems(DEFAULT_LOCALE, englishPluralBases, english.keys())) {
      problems.push(`en/${ns}: ${problem}`);
    }
    for (const [key, value] of english) {
      for (const problem of textProblems(
        'en',
        `${ns}:${key}`,
        value,
        product,
        glossaries.en ?? [],
      )) {
        problems.push(`en/${ns}: ${key} ${problem}`);
      }
    }
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue;
      const tree = read(locale, ns);
      if (!tree) {
        problems.push(`${locale}/${ns}.json: missing file`);
        continue;
      }
      const local = flatten(tree);
      for (const [key, value] of local) values.get(locale)?.set(`${ns}:${key}`, value);
      const localBases = new Set([...local.keys()].map(pluralBase));
      for (const base of englishBases) {
        if (!localBases.has(base)) problems.push(`${locale}/${ns}: missing key ${base}`);
      }
      for (const problem of pluralSetProblems(locale, englishPluralBases, local.keys())) {
        problems.push(`${locale}/${ns}: ${problem}`);
      }
      for (const [key, value] of local) {
        const base = pluralBase(key);
        if (!englishBases.has(base)) {
          problems.push(`${locale}/${ns}: unknown key ${key}`);
          continue;
        }
        const source = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base) ?? '';
        if (value.trim() === '') problems.push(`${locale}/${ns}: empty value ${key}`);
        const category = PLURAL.exec(key)?.[1];
        const expected = placeholders(source);
        const mayOmit =
          category !== undefined && expected.includes('count') && mayOmitCount(locale, category);
        const found = placeholders(value);
        const withCount = mayOmit && !found.includes('count') ? [...found, 'count'].sort() : found;
        if (withCount.join() !== expected.join()) {
          problems.push(`${locale}/${ns}: placeholders of ${key} differ from English`);
        }
        for (const problem of [
          ...ellipsisProblems(value, source),
          ...arabicCountProblems(locale, category, value),
        ]) {
          problems.push(`${locale}/${ns}: ${key} ${problem}`);
        }
        if (value === source && !mayEqualEnglish(value, locale)) {
          problems.push(`${locale}/${ns}: ${key} is still English ("${value}")`);
        }
        const glossary = glossaries[locale] ?? [];
        for (const problem of textProblems(locale, `${ns}:${key}`, value, product, glossary)) {
          problems.push(`${locale}/${ns}: ${key} ${problem}`);
        }
      }
    }
  }
  const englishValues = values.get(DEFAULT_LOCALE) ?? new Map<string, string>();
  for (const locale of LOCALES) {
    const glossary = glossaries[locale] ?? [];
    const local = values.get(locale) ?? new Map<string, string>();
    for (const problem of [
      ...unusedRenderings(glossary, local.values()),
      ...(locale === DEFAULT_LOCALE
        ? []
        : glossaryDisagreements(glossaries.en ?? [], englishValues, glossary, local)),
    ]) {
      problems.push(`${locale}/GLOSSARY.md: ${problem}`);
    }
  }
  return problems;
}

function readFromDisk(locale: string, ns: string): Tree | undefined {
  try {
    return JSON.parse(readFileSync(join(ROOT, locale, `${ns}.json`), 'utf8')) as Tree;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${locale}/${ns}.json: ${(error as Error).message}`, { cause: error });
  }
}

function readGlossaries(): Partial<Record<Locale, GlossaryEntry[]>> {
  const out: Partial<Record<Locale, GlossaryEntry[]>> = {};
  for (const locale of LOCALES) {
    const file = join(ROOT, locale, 'GLOSSARY.md');
    if (existsSync(file)) out[locale] = parseGlossary(readFileSync(file, 'utf8'));
  }
  return out;
}

if (import.meta.main) {
  const namespaces = readdirSync(join(ROOT, DEFAULT_LOCALE))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length));
  const glossaries = readGlossaries();
  const problems = checkCatalogs(readFromDisk, namespaces, glossaries);
  const englishKeys = namespaces.flatMap((ns) =>
    [...flatten(readFromDisk(DEFAULT_LOCALE, ns) ?? {}).keys()].map((key) => `${ns}:${key}`),
  );
  problems.push(...unknownButtonKeys(new Set(englishKeys)));
  const missing = LOCALES.filter((locale) => !glossaries[locale]);
  if (missing.length > 0) problems.push(`no glossary for ${missing.join(', ')}`);
  if (problems.length > 0) {
    console.error(`i18n check: ${problems.length} problem(s)\n${problems.join('\n')}`);
    process.exit(1);
  }
  const terms = LOCALES.map((locale) => `${locale} ${glossaries[locale]?.length ?? 0}`).join(', ');
  console.log(
    `i18n check: ${namespaces.length} namespaces complete in ${LOCALES.length} languages; glossary terms: ${terms}`,
  );
}
