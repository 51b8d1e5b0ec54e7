/**
 * The language rules of the catalog review's third turn (issue 33), one function a rule, each
 * returning its problems with a value (`scripts/check-i18n.ts` runs them on every catalog):
 * no server's raw identifier in a value, Sorani buttons as imperatives, no masculine-only form
 * about the reader, Arabic-script diacritics and the tatweel between scripts; and the review's
 * mechanical checks: each language's alphabet, punctuation and quotes, spacing, and the number
 * in an Arabic singular or dual.
 */
import type { Locale } from '../src/i18n/config.ts';

/**
 * Placeholders that a server's raw value fills: an identifier (`email`, `try_another_way`) is not
 * a word of any language, so the front end says a known one in the page's words and none other.
 */
const SERVER_PLACEHOLDERS = new Set(['challenge']);
/** A server's error name (`USER_BLOCKED`) or code (`US-0068`, `APP-0020`) written as text. */
const SERVER_IDENTIFIER = /(?<![\p{L}\d_-])(?:[A-Z]+(?:_[A-Z]+)+|[A-Z]{2,3}-\d{4})(?![\p{L}\d_-])/u;

/** A server's identifier shown as it is, in a placeholder or in the text. */
export function serverTextProblems(value: string): string[] {
  const problems = [...value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name) => SERVER_PLACEHOLDERS.has(name))
    .map((name) => `shows a server's raw {{${name}}} (translate the known values instead)`);
  const text = value.replace(/\{\{\s*\w+\s*\}\}/g, '');
  const identifier = SERVER_IDENTIFIER.exec(text)?.[0];
  if (identifier) problems.push(`shows the server's identifier "${identifier}"`);
  return problems;
}

/**
 * The keys whose values label a button (or a link drawn as one). Sorani writes them as
 * imperatives; the check fails on a listed key English lacks (`unknownButtonKeys`), so the list
 * cannot rot.
 */
export const BUTTON_KEYS: ReadonlySet<string> = new Set([
  'apps:remove',
  'apps:removeLabel',
  'apps:confirmRemove',
  'apps:signIn',
  'apps:continueToSignIn',
  'security:signIn',
  'security:continueToSignIn',
  'security:signOut',
  'security:signOutLabel',
  'security:signOutOthers',
  'security:remove',
  'security:removeLabel',
  'security:confirmRemove',
  'common:continue',
  'common:back',
  'common:cancel',
  'common:retry',
  'common:close',
  'common:backToLogin',
  'common:contactUs',
  'common:contactSupport',
  'common:openApp',
  'common:skipToContent',
  'fields:phone.clear',
  'fields:password.show',
  'fields:password.hide',
  'invitation:accept',
  'invitation:notNow',
  'invitation:continue',
  'invitation:continueToSignIn',
  'invitation:signIn',
  'invitation:logOut',
  'links:profile.backToSite',
  'links:signin.storeLink',
  'links:alert.secure',
  'links:alert.itWasMe',
  'links:alert.nextAction',
  'links:confirm.verifyAction',
  'links:confirm.unlinkAction',
  'links:confirm.invitationAction',
  'links:confirm.corporateVerifyAction',
  'links:confirm.profileAction',
  'login:phone.continue',
  'login:phone.useEmail',
  'login:email.usePhone',
  'login:password.submit',
  'login:password.createAccount',
  'login:name.yes',
  'login:name.no',
  'login:name.submit',
  'login:name.reset',
  'login:name.resetConfirm',
  'login:social.apple',
  'login:social.google',
  'login:challenge.tryAnotherWay',
  'login:challenge.submit',
  'login:challenge.show',
  'login:challenge.hide',
  'login:redirect.signupLink',
  'login:blocked.contact',
  'login:blocked.back',
  'login:passkey.button',
  'login:passkey.add',
  'login:passkey.skip',
  'login_otp:submit',
  'login_otp:resendSms',
  'login_otp:resendVoice',
  'login_otp:resendEmail',
  'login_otp:back',
  'login_otp:backEmail',
  'login_otp:cancel',
  'one_click:phone.continue',
  'one_click:push.resend',
  'one_click:push.change',
  'one_click:push.changeLabel',
  'one_click:push.useApp',
  'one_click:push.useSms',
  'one_click:app.open',
  'one_click:app.usePush',
  'one_click:otp.link',
  'one_click:tryAgain',
  'password:submit',
  'password:expired.action',
  'recaptcha:confirm',
  'recovery:challenge.submit',
  'recovery:form.sendCode',
  'recovery:form.verify',
  'recovery:form.resend',
  'recovery:form.changeDetails',
  'redirect:continue',
  'session:redirectNow',
  'shell:close',
  'shell:closeAndRate',
  'signup:submit',
  'signup:social.apple',
  'signup:social.google',
  'signup:linked.decline',
  'signup:login',
  'signup:error.tryAgain',
]);

/** The keys of `BUTTON_KEYS` that English lacks (`english`: every `ns:key` it has). */
export function unknownButtonKeys(english: ReadonlySet<string>): string[] {
  return [...BUTTON_KEYS]
    .filter((key) => !english.has(key))
    .map((key) => `the button list names ${key}, which English lacks`);
}

/**
 * A Sorani verbal noun (masdar): a stem in ‑تن, ‑دن, ‑ین, ‑ان or ‑وون, with ‑ەوە and the izafe
 * ‑ی (گۆڕین، گەڕانەوە، کردنەوەی), or چوونە…ەوە.
 */
const SORANI_VERBAL_NOUN = /^(?:چوونە\p{L}*|\p{L}*(?:دن|تن|ین|ان|وون)(?:ەوە)?ی?)$/u;
/** Endings that look like one: the plural ‑کان, a pronoun after a vowel (پەیوەندیمان 'us'). */
const SORANI_NOT_VERBAL_NOUN = /(?:کان|[یە](?:مان|تان|یان))$/u;
const SORANI_ADVERBS = new Set(['دووبارە', 'ئێستا']);

/** A Sorani button whose first word (after an adverb) is a verbal noun, not an imperative. */
export function soraniButtonProblems(value: string): string[] {
  const words = value
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ')
    .split(/[\s،؛:.؟!…]+/u)
    .filter((word) => word !== '' && !SORANI_ADVERBS.has(word));
  const head = words[0] ?? '';
  return SORANI_VERBAL_NOUN.test(head) && !SORANI_NOT_VERBAL_NOUN.test(head)
    ? [`is a verbal noun ("${head}"): buttons are imperatives (the glossary)`]
    : [];
}

/** Forms that make the reader a man where the language has a neutral way to say the same. */
const MASCULINE_ONLY: Partial<Record<Locale, readonly RegExp[]>> = {
  // The first person in the masculine (a woman says «میں نہیں تھی»); the ergative «میں نے … کیا»
  // agrees with its object and fits everyone. «میں» is the subject at the start, after
  // punctuation, «یہ» or «کہ» (elsewhere it is the postposition 'in').
  ur: [
    /(?:^|[:،۔؟!]\s*|(?:یہ|کہ) )میں (?:(?:نہیں|بھی|ہی) )?(?:تھا|گیا|ہوا)(?![\p{L}\p{M}])/u,
    /(?<![\p{L}\p{M}])\p{L}+(?:تا|رہا|سکتا|چکا) ہوں(?![\p{L}\p{M}])/u,
  ],
  // The reader as « un nouvel utilisateur », « connecté »...: the glossary's epicene rule.
  fr: [
    /(?<![\p{L}\p{M}])(?:je suis|je ne suis pas|vous êtes|vous n’êtes pas|êtes-vous) (?:(?:un|une|déjà|bien|encore|pas) )?(?:nouvel|nouveau|utilisateur|connecté|inscrit|prêt|sûr|certain)(?![\p{L}\p{M}])/iu,
    /(?<![\p{L}\p{M}])nouvel utilisateur(?![\p{L}\p{M}])/iu,
  ],
};

/** A masculine-only form about the reader (the languages where a pattern can tell). */
export function genderProblems(locale: Locale, value: string): string[] {
  const found = (MASCULINE_ONLY[locale] ?? [])
    .map((pattern) => pattern.exec(value)?.[0])
    .find((match) => match !== undefined);
  return found ? [`is masculine-only ("${found.trim()}"): write it for everyone`] : [];
}

/** Arabic: no vowel on a shadda (يُحدّد, not يُحدَّد); Urdu: no optional zer, zabar or pesh. */
export function diacriticProblems(locale: Locale, value: string): string[] {
  if (locale === 'ar' && /\u0651[\u064B-\u0650]|[\u064B-\u0650]\u0651/u.test(value)) {
    return ['writes a vowel on a shadda (the glossary: the shadda alone)'];
  }
  if (locale === 'ur' && /[\u064E-\u0650]/u.test(value)) {
    return ['writes an optional zer, zabar or pesh (the glossary: without them)'];
  }
  return [];
}

/** A tatweel touching a placeholder, a Latin letter or a digit. */
const TATWEEL_BY_LATIN = /\u0640(?:\{\{|[A-Za-z0-9])|(?:\}\}|[A-Za-z0-9])\u0640/u;
/** An Arabic-script letter glued to a Latin word or to a placeholder of Latin text. */
const GLUED_SUFFIX =
  /(?:\{\{\s*(?:product|provider)\s*\}\}|[A-Za-z])[\u0620-\u063F\u0641-\u064A\u066E-\u06D3\u06D5\u06EE-\u06FF]/u;

/**
 * The tatweel between scripts. Arabic and Urdu: never next to a placeholder, a Latin letter or a
 * digit («لـ{{count}}»): the Arabic font has no digits, so the stroke and the digit come from two
 * fonts. Sorani: a suffix on a Latin word or on `{{product}}` always takes it (PINـەکەت), as six
 * strings do, never glued («{{product}}یشدا»).
 */
export function tatweelProblems(locale: Locale, value: string): string[] {
  if ((locale === 'ar' || locale === 'ur') && TATWEEL_BY_LATIN.test(value)) {
    return ['puts a tatweel next to a placeholder, a Latin letter or a digit'];
  }
  if (locale === 'ckb' && GLUED_SUFFIX.test(value)) {
    return ['joins a suffix to a Latin word or {{product}} without the tatweel (PINـەکەت)'];
  }
  return [];
}

/**
 * Each Arabic-script language's own letters (and the tatweel): a letter of another's is a
 * different character that looks alike (Arabic ي ك ة in Urdu or Sorani; Persian ی ک, Urdu ۔ in
 * Arabic), which search, sorting and the font's joining treat as another letter. Marks are the
 * diacritics rule's, digits the digits rule's.
 */
const ALPHABET: Partial<Record<Locale, RegExp>> = {
  ar: /[\u0621-\u063A\u0640-\u064A\u060C\u061B\u061F]/u,
  ur: /[\u0621-\u0624\u0626-\u0628\u062A-\u063A\u0641\u0642\u0644-\u0646\u0648\u0679\u067E\u0686\u0688\u0691\u0698\u06A9\u06AF\u06BA\u06BE\u06C1-\u06C3\u06CC\u06D2\u06D3\u06D4\u060C\u061B\u061F]/u,
  ckb: /[\u0626-\u0628\u062A\u062C-\u062F\u0631-\u0633\u0634\u0639\u063A\u0640\u0641\u0642\u0644-\u0648\u067E\u0686\u0695\u0698\u06A4\u06A9\u06AF\u06B5\u06BE\u06C6\u06CC\u06CE\u06D5\u060C\u061B\u061F]/u,
};
/** The letter a language writes for one it does not (ي in Urdu is ی). */
const LOOKALIKE: Partial<Record<Locale, Readonly<Record<string, string>>>> = {
  ar: { ی: 'ي', ک: 'ك', ہ: 'ه', ە: 'ه', '۔': '.' },
  ur: { ي: 'ی', ى: 'ی', ك: 'ک', ة: 'ۃ', ه: 'ہ', ە: 'ہ' },
  ckb: { ي: 'ی', ى: 'ی', ك: 'ک', ة: 'ە', ہ: 'ە', ے: 'ێ', '۔': '.' },
};

/** An Arabic-script letter (or punctuation) that is not one of the language's own. */
export function alphabetProblems(locale: Locale, value: string): string[] {
  const own = ALPHABET[locale];
  if (!own) return [];
  const foreign = [
    ...new Set(value.match(/[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/gu)),
  ].filter((char) => !/[\p{M}\p{N}]/u.test(char) && !own.test(char));
  return foreign.map((char) => {
    const code = `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0')}`;
    const instead = LOOKALIKE[locale]?.[char];
    return `writes «${char}» (${code}), which is not in ${locale}'s alphabet${instead ? ` (it writes «${instead}»)` : ''}`;
  });
}

/**
 * Right-to-left languages write their own , ; ? (، ؛ ؟) and no Latin apostrophe; each language
 * but English quotes with its own pair (Arabic, French and Sorani « », Urdu “ ”), never `"`;
 * Urdu ends a sentence with ۔ (a Latin . stays between digits and in …).
 */
const QUOTES: Partial<Record<Locale, readonly [string, string]>> = {
  ar: ['«', '»'],
  ur: ['“', '”'],
  fr: ['«', '»'],
  ckb: ['«', '»'],
};

export function punctuationProblems(locale: Locale, value: string, dir: 'ltr' | 'rtl'): string[] {
  const problems: string[] = [];
  const text = value.replace(/\{\{\s*\w+\s*\}\}/g, 'x');
  if (dir === 'rtl') {
    const latin = [...new Set(text.match(/[,;?']/g))];
    if (latin.length > 0) {
      problems.push(
        `uses the Latin ${latin.join(' ')} (the Arabic script writes ، ؛ ؟ and its quotes)`,
      );
    }
  }
  if (locale === 'ur' && /(?<!\d)\.(?!\d)/u.test(text)) {
    problems.push('ends a sentence with the Latin . (Urdu writes ۔)');
  }
  const quotes = QUOTES[locale];
  if (quotes) {
    const others = ['«', '»', '“', '”', '„', '"'].filter(
      (mark) => !quotes.includes(mark) && text.includes(mark),
    );
    if (others.length > 0)
      problems.push(`quotes with ${others.join(' ')} (${locale} writes ${quotes.join('…')})`);
    const [open, close] = quotes;
    if (text.split(open).length !== text.split(close).length) {
      problems.push(`opens and closes its quotes ${open} ${close} unevenly`);
    }
  }
  return problems;
}

/** No space at either end of a value, no two in a row (French's U+00A0 and U+202F count). */
export function spacingProblems(value: string): string[] {
  const problems: string[] = [];
  if (/^\s|\s$/u.test(value)) problems.push('starts or ends with a space');
  if (/[ \u00A0\u202F]{2}/u.test(value)) problems.push('has two spaces in a row');
  if (/\.\.\./u.test(value)) problems.push('writes ... (the ellipsis is …)');
  return problems;
}

/**
 * An Arabic singular and dual say their number in the word («ثانية واحدة», «ثانيتين»): a digit
 * before them («2 ثانيتين») is wrong (turn 1's first finding).
 */
export function arabicCountProblems(
  locale: Locale,
  category: string | undefined,
  value: string,
): string[] {
  return locale === 'ar' &&
    (category === 'one' || category === 'two') &&
    /\{\{\s*count\s*\}\}/u.test(value)
    ? [
        `writes {{count}} in the ${category === 'two' ? 'dual' : 'singular'}, which says its number itself`,
      ]
    : [];
}
