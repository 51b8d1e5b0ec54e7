import { describe, expect, it } from 'vitest';
import {
  checkCatalogs,
  dialCodeProblems,
  digitProblems,
  frenchProblems,
  glossaryDisagreements,
  glossaryProblems,
  mayOmitCount,
  parseGlossary,
  placeholders,
  unusedRenderings,
} from '../../../scripts/check-i18n.ts';
import {
  BUTTON_KEYS,
  diacriticProblems,
  genderProblems,
  serverTextProblems,
  soraniButtonProblems,
  tatweelProblems,
  unknownButtonKeys,
} from '../../../scripts/i18n-rules.ts';

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
      renderings: ['sign in'],
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
      // A glossary whose renderings the catalogs never write describes something else (issue 33).
      'fr/GLOSSARY.md: glossary row "sign in" gives "sign in", which no value writes',
      'fr/GLOSSARY.md: glossary row "e-mail" gives "e-mail", which no value writes',
      'fr/GLOSSARY.md: glossary row "business" gives "بزنس", which no value writes',
      'fr/GLOSSARY.md: glossary row "account" gives "compte", which no value writes',
    ]);
  });

  it('reads a variant in the plural too', () => {
    const glossary = parseGlossary(
      '| business account | `compte professionnel` | `compte entreprise` | |',
    );
    expect(glossaryProblems(glossary, 'a:x', 'Comptes entreprises et versements')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'a:x', 'Le compte de votre entreprise')).toEqual([]);
  });

  it('reads an Arabic variant after one letter that attaches before a word (و ف ب ل ك)', () => {
    const glossary = parseGlossary(
      ['| mobile number | `رقم الجوال` | `رقم الهاتف` | |', '| verify | `تحقّق` | `تحقق` | |'].join(
        '\n',
      ),
    );
    expect(glossaryProblems(glossary, 'a:x', 'سجّل الدخول برقم الهاتف')).toHaveLength(1);
    expect(glossaryProblems(glossary, 'a:x', 'سنتحقق وتحقق')).toHaveLength(1);
    // «للتحقق» is ل + التحقق, the article's form; «الهاتف» alone is not the phrase.
    expect(glossaryProblems(glossary, 'a:x', 'للتحقق من الهاتف، تحقّق')).toEqual([]);
  });
});

describe('the rules of issue 33 (catalog review, turn 3)', () => {
  const table = (...rows: string[]) => parseGlossary(rows.join('\n'));

  it('fails on a glossary rendering that no value writes', () => {
    const glossary = table('| national ID | `قومی شناختی کارڈ` | | |', '| PIN | `PIN` | | |');
    expect(unusedRenderings(glossary, ['شناختی کارڈ نمبر', 'PIN غلط ہے۔'])).toEqual([
      'glossary row "national ID" gives "قومی شناختی کارڈ", which no value writes',
    ]);
    // French spaces (U+202F, U+00A0) are spaces to the glossary's reader.
    const fr = table('| forgot your password | `Mot de passe oublié ?` | | |');
    expect(unusedRenderings(fr, ['Mot de passe oublié\u202f?'])).toEqual([]);
  });

  it('fails where English writes a rendering whole and the language writes something else', () => {
    const english = table('| forgot your password | `Forgot your password?` | | |');
    const englishValues = new Map([
      ['login:password.forgot', 'Forgot your password?'],
      ['recovery:form.intro', 'Forgot your password? Enter your number.'],
    ]);
    const ar = table('| forgot your password | `نسيت كلمة المرور؟` | | |');
    const values = new Map([
      ['login:password.forgot', 'هل نسيت كلمة المرور؟'],
      ['recovery:form.intro', 'نسيت كلمة المرور؟ أدخل رقمك.'],
    ]);
    expect(glossaryDisagreements(english, englishValues, ar, values)).toEqual([
      'glossary row "forgot your password" gives "نسيت كلمة المرور؟", but login:password.forgot says "هل نسيت كلمة المرور؟"',
    ]);
    const fixed = table('| forgot your password (link) | `هل نسيت كلمة المرور؟` | | |');
    expect(glossaryDisagreements(english, englishValues, fixed, values)).toEqual([]);
  });

  it("fails on a server's raw placeholder, error name or code in a value", () => {
    expect(serverTextProblems('يُرجى تقديم: {{challenge}}')).toEqual([
      "shows a server's raw {{challenge}} (translate the known values instead)",
    ]);
    expect(serverTextProblems('خطأ USER_BLOCKED')).toEqual([
      'shows the server\'s identifier "USER_BLOCKED"',
    ]);
    expect(serverTextProblems('Code US-0068.')).toEqual([
      'shows the server\'s identifier "US-0068"',
    ]);
    expect(serverTextProblems('PIN, SMS, {{code}}, e-mail, COVID-19, 6-digit')).toEqual([]);
  });

  it('fails on a Sorani button that is a verbal noun, and on a button key English lacks', () => {
    for (const noun of ['گۆڕین', 'گەڕانەوە', 'هەڵوەشاندنەوە', 'کردنەوەی ئەپەکە', 'چوونەژوورەوە']) {
      expect(soraniButtonProblems(noun), noun).toHaveLength(1);
    }
    expect(soraniButtonProblems('دووبارە ناردنەوە بە SMS')).toHaveLength(1);
    expect(soraniButtonProblems('لابردن: {{name}}')).toHaveLength(1);
    for (const imperative of [
      'بگۆڕە',
      'بگەڕێوە',
      'هەڵیوەشێنەوە',
      'ئەپەکە بکەرەوە',
      'بچۆ ژوورەوە',
      '{{name}} لاببە',
      'ژمارەکان پیشان بدە',
      'پەیوەندیمان پێوە بکە',
    ]) {
      expect(soraniButtonProblems(imperative), imperative).toEqual([]);
    }
    const common = (ckb: Tree) => ({
      en: { common: { close: 'Close', back: 'Back' } },
      ar: { common: { close: 'إغلاق', back: 'رجوع' } },
      ur: { common: { close: 'بند کریں', back: 'واپس' } },
      fr: { common: { close: 'Fermer', back: 'Retour' } },
      ckb: { common: ckb },
    });
    expect(
      checkCatalogs(reader(common({ close: 'داخستن', back: 'بگەڕێوە' })), ['common']),
    ).toContain(
      'ckb/common: close is a verbal noun ("داخستن"): buttons are imperatives (the glossary)',
    );
    // The list of buttons names keys English has.
    expect(unknownButtonKeys(new Set(BUTTON_KEYS))).toEqual([]);
    expect(
      unknownButtonKeys(new Set([...BUTTON_KEYS].filter((k) => k !== 'common:close'))),
    ).toEqual(['the button list names common:close, which English lacks']);
    expect(BUTTON_KEYS.has('one_click:push.change')).toBe(true);
  });

  it('fails on a masculine-only form about the reader in Urdu and French', () => {
    expect(genderProblems('ur', 'یہ میں نہیں تھا: میرا اکاؤنٹ محفوظ کریں')).toHaveLength(1);
    expect(genderProblems('ur', 'یہ میں تھا')).toHaveLength(1);
    expect(genderProblems('ur', 'میں ابھی نہیں کر سکتا ہوں')).toHaveLength(1);
    expect(genderProblems('ur', 'یہ میں نے نہیں کیا: میرا اکاؤنٹ محفوظ کریں')).toEqual([]);
    expect(genderProblems('ur', 'جی ہاں، یہ میں ہوں')).toEqual([]);
    expect(genderProblems('ur', 'آپ کے اکاؤنٹ میں تھا')).toEqual([]); // میں: 'in'
    expect(genderProblems('fr', 'Non, je suis un nouvel utilisateur')).toHaveLength(1);
    expect(genderProblems('fr', 'Vous êtes connecté avec {{phone}}')).toHaveLength(1);
    expect(genderProblems('fr', 'Je ne suis pas un robot')).toEqual([]);
    expect(genderProblems('fr', 'Non, je n’ai pas encore de compte')).toEqual([]);
    expect(genderProblems('ar', 'أنت متصل')).toEqual([]);
  });

  it('fails on a vowel on a shadda in Arabic and on an optional zer in Urdu', () => {
    expect(diacriticProblems('ar', 'لم يُحدَّد لنا وقت الانتظار')).toHaveLength(1);
    expect(diacriticProblems('ar', 'لم يُحدّد لنا وقت الانتظار')).toEqual([]);
    expect(diacriticProblems('ur', 'قابلِ شناخت')).toHaveLength(1);
    expect(diacriticProblems('ur', 'قابل شناخت')).toEqual([]);
  });

  it('fails on a tatweel by a digit in Arabic, and on a Sorani suffix glued to Latin', () => {
    expect(tatweelProblems('ar', 'صالحًا لـ{{count}} ثانية')).toHaveLength(1);
    expect(tatweelProblems('ar', 'صالحًا لمدة {{count}} ثانية')).toEqual([]);
    expect(tatweelProblems('ckb', 'لە ئەپی {{product}}یشدا')).toHaveLength(1);
    expect(tatweelProblems('ckb', 'PINەکەت بنووسە')).toHaveLength(1);
    expect(tatweelProblems('ckb', 'لە ئەپی {{product}}ـیشدا، PINـەکەت')).toEqual([]);
    expect(tatweelProblems('ckb', '{{day}}ی {{month}}ی {{year}}')).toEqual([]);
    const read = reader({
      en,
      ar: { a: { ...good('مرحبا').a, count_other: 'لـ{{count}} يوم' } },
      ur: good('سلام'),
      fr: good('Bonjour'),
      ckb: good('سڵاو'),
    });
    expect(checkCatalogs(read, ['a'])).toEqual([
      'ar/a: count_other puts a tatweel next to a placeholder, a Latin letter or a digit',
    ]);
  });
});
