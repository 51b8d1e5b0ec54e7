import { describe, expect, it } from 'vitest';
import { checkCatalogs, placeholders } from '../../../scripts/check-i18n.ts';

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
