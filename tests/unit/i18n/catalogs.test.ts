import { describe, expect, it } from 'vitest';
import {
  checkCatalogs,
  dialCodeProblems,
  digitProblems,
  frenchProblems,
  glossaryProblems,
  mayOmitCount,
  parseGlossary,
  placeholders,
} from '../../../scripts/check-i18n.ts';

type Tree = { [key: string]: string | Tree };

function reader(files: Record<string, Record<string, Tree>>) {
  return (locale: string, ns: string) => files[locale]?.[ns];
}

const en = {
  a: { hello: 'Hello {{name}}', count_one: '{{count}} day', count_other: '{{count}} days' },
};
const good = (text: string) => ({
  a: { hello: `${text} {{name}}`, count_one: '{{count}} x', count_other: '{{count}} y' },
});

describe('the i18n check', () => {
  it('accepts complete, translated catalogs', () => {
    const read = reader({
      en,
      ar: good('مرحبا'),
      ur: good('سلام'),
      fr: good('Bonjour'),
      ckb: good('سڵاو'),
    });
    expect(checkCatalogs(read, ['a'])).toEqual([]);
  });

  it('reports a missing key, an unknown key, a placeholder mismatch and an English value', () => {
    const read = reader({
      en,
      ar: { a: { count_one: '{{count}} x', count_other: '{{count}} y', extra: 'x' } },
      ur: { a: { hello: 'سلام {{nom}}', count_other: '{{count}} y' } },
      fr: { a: { hello: 'Hello {{name}}', count_other: '{{count}} j' } },
      ckb: good('سڵاو'),
    });
    expect(checkCatalogs(read, ['a'])).toEqual([
      'ar/a: missing key hello',
      'ar/a: unknown key extra',
      'ur/a: placeholders of hello differ from English',
      'fr/a: hello is still English ("Hello {{name}}")',
    ]);
  });

  it('reports a missing file', () => {
    const read = reader({ en, ar: good('x'), ur: good('x'), fr: good('x') });
    expect(checkCatalogs(read, ['a'])).toEqual(['ckb/a.json: missing file']);
  });

  it('lists placeholders in order', () => {
    expect(placeholders('{{b}} and {{ a }}')).toEqual(['a', 'b']);
  });
});

describe('the rules of issue 19', () => {
  const base = (ar: Record<string, Tree>, fr: Record<string, Tree> = good('Bonjour')) =>
    reader({ en, ar, ur: good('سلام'), fr, ckb: good('سڵاو') });

  it('lets a plural form leave out {{count}} only where CLDR gives its category one number', () => {
    expect(mayOmitCount('ar', 'two')).toBe(true);
    expect(mayOmitCount('ar', 'one')).toBe(true);
    expect(mayOmitCount('ar', 'zero')).toBe(true);
    expect(mayOmitCount('ar', 'few')).toBe(false);
    expect(mayOmitCount('ur', 'one')).toBe(true);
    expect(mayOmitCount('fr', 'one')).toBe(false); // 0 and 1
    const ar = {
      a: {
        hello: 'مرحبا {{name}}',
        count_one: 'يوم واحد',
        count_two: 'يومان',
        count_other: '{{count}} يوم',
      },
    };
    expect(checkCatalogs(base(ar), ['a'])).toEqual([]);
    const arFew = { a: { ...ar.a, count_few: 'أيام' } };
    expect(checkCatalogs(base(arFew), ['a'])).toEqual([
      'ar/a: placeholders of count_few differ from English',
    ]);
    const fr = {
      a: { hello: 'Bonjour {{name}}', count_one: 'un jour', count_other: '{{count}} j' },
    };
    expect(checkCatalogs(base(good('مرحبا'), fr), ['a'])).toEqual([
      'fr/a: placeholders of count_one differ from English',
    ]);
  });

  it('fails on Eastern Arabic digits in ar, ur and ckb', () => {
    expect(digitProblems('بعد ٣٠ خولەک')).toHaveLength(1);
    expect(digitProblems('۶ ہندسوں')).toHaveLength(1);
    expect(digitProblems('بعد 30 دقيقة')).toEqual([]);
    const read = base({ a: { ...good('مرحبا').a, hello: 'مرحبا ٦ {{name}}' } });
    expect(checkCatalogs(read, ['a'])).toEqual([
      'ar/a: hello uses Eastern Arabic digits (Latin digits are the rule)',
    ]);
  });

  it('fails on a dial code that is not isolated left-to-right in a right-to-left language', () => {
    expect(dialCodeProblems('{{country}} (+{{code}})')).toHaveLength(1);
    expect(dialCodeProblems('{{country}} \u2066(+{{code}})\u2069')).toEqual([]);
  });

  it('fails on French punctuation without U+202F, a colon without U+00A0, a straight apostrophe', () => {
    expect(frenchProblems('Mot de passe oublié\u202f?')).toEqual([]);
    expect(frenchProblems('«\u202fOui\u202f» et la suite\u00a0: {{x}}\u202f!')).toEqual([]);
    expect(frenchProblems('Il est 14:47, voir https://x.fr')).toEqual([]);
    expect(frenchProblems('Mot de passe oublié ?')).toHaveLength(1);
    expect(frenchProblems('Mot de passe oublié\u00a0?')).toHaveLength(1);
    expect(frenchProblems('Bonjour!')).toHaveLength(1);
    expect(frenchProblems('« Oui »')).toHaveLength(1);
    expect(frenchProblems('Code : 1234')).toHaveLength(1);
    expect(frenchProblems('Code: 1234')).toHaveLength(1);
    expect(frenchProblems("C'est vous")).toEqual(["uses a straight apostrophe (' instead of ’)"]);
    const read = base(good('مرحبا'), { a: { ...good('Bonjour').a, hello: 'Bonjour {{name}} !' } });
    expect(checkCatalogs(read, ['a'])).toEqual([
      'fr/a: hello needs U+202F (narrow no-break space) before ? ! ; » and after «',
    ]);
  });

  it('fails when a sentence types the product name instead of {{product}}', () => {
    const common = { productName: 'Masar' };
    const files = {
      en: { common, a: { ...en.a, hello: 'Hello {{name}}, welcome to Masar' } },
      ar: { common, a: good('مرحبا').a },
      ur: { common, a: good('سلام').a },
      fr: { common, a: good('Bonjour').a },
      ckb: { common, a: good('سڵاو').a },
    } as Record<string, Record<string, Tree>>;
    expect(checkCatalogs(reader(files), ['common', 'a'])).toEqual([
      'en/a: hello types the product\'s name "Masar" (use {{product}})',
    ]);
  });

  it('reads a glossary table and fails on the variants it lists, outside the allowed keys', () => {
    const glossary = parseGlossary(
      [
        '| Term | Rendering | Avoid | Allowed in |',
        '| --- | --- | --- | --- |',
        '| sign in | `sign in` | `log in`, `login` | `a:quoted` (the spec) |',
        '| e-mail | `e-mail` | `email`, `mail` | |',
        '| business | `بزنس` | `کاروباری` | |',
        '| account | `compte` | | |',
      ].join('\n'),
    );
    expect(glossary).toHaveLength(4);
    expect(glossary[0]).toEqual({
      term: 'sign in',
      rendering: 'sign in',
      avoid: ['log in', 'login'],
      allowedIn: ['a:quoted'],
    });
    expect(glossaryProblems(glossary, 'a:x', 'Log in to continue')).toEqual([
      'writes "log in" for "sign in" (the glossary says sign in)',
    ]);
    expect(glossaryProblems(glossary, 'a:quoted', 'We cannot log in')).toEqual([]);
    // Whole words: a hyphen joins them, and placeholders are not words.
    expect(glossaryProblems(glossary, 'a:x', 'Your e-mail {{email}} and the logins')).toEqual([]);
    expect(glossaryProblems(glossary, 'a:x', 'Your email')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'a:x', 'آپ کا کاروباری اکاؤنٹ')).toHaveLength(1);
    const read = (locale: string, ns: string) =>
      ({ en, ar: good('مرحبا'), ur: good('سلام'), fr: good('Login'), ckb: good('سڵاو') })[locale]?.[
        ns as 'a'
      ];
    expect(checkCatalogs(read, ['a'], { fr: glossary })).toEqual([
      'fr/a: hello writes "login" for "sign in" (the glossary says sign in)',
    ]);
  });
});
