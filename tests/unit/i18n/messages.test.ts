import { describe, expect, it } from 'vitest';
import { pickKeys, pickMessages } from '../../../src/i18n/messages.ts';
import { createT } from '../../../src/i18n/t.ts';

describe('pickMessages', () => {
  it('hands an island only the namespaces it asks for', () => {
    expect(Object.keys(pickMessages('ar', ['shell', 'common']))).toEqual(['shell', 'common']);
  });

  it('keeps the plural forms a language has beyond English', () => {
    const t = createT('ar', pickMessages('ar', ['redirect']));
    expect(t('redirect:countdown', { count: 2 })).not.toBe(t('redirect:countdown', { count: 5 }));
    expect(t('redirect:countdown', { count: 5 })).not.toBe(t('redirect:countdown', { count: 11 }));
  });

  it('serves real translations, not English', () => {
    const en = createT('en', pickMessages('en', ['session']));
    for (const locale of ['ar', 'ur', 'fr', 'ckb'] as const) {
      const t = createT(locale, pickMessages(locale, ['session']));
      expect(t('session:unknownTitle')).not.toBe(en('session:unknownTitle'));
    }
  });
});

describe('pickKeys', () => {
  it('keeps only the keys named, in the catalogs’ shape, in the locale or English', () => {
    const picked = pickKeys('ar', ['shell:close', 'common:productName']);
    expect(Object.keys(picked).sort()).toEqual(['common', 'shell']);
    expect(Object.keys(picked.shell ?? {})).toEqual(['close']);
    const t = createT('ar', picked);
    expect(t('shell:close')).toBe(pickMessages('ar', ['shell']).shell.close);
    expect(t('common:productName')).toBe(pickMessages('ar', ['common']).common.productName);
  });

  it('keeps every key under a branch named', () => {
    const picked = pickKeys('ar', ['login:idpError']);
    expect(picked.login?.idpError).toEqual(pickMessages('ar', ['login']).login.idpError);
    expect(Object.keys(picked.login ?? {})).toEqual(['idpError']);
  });

  it('fails the build on a key the catalog does not have', () => {
    expect(() => pickKeys('en', ['shell:nope' as 'shell:close'])).toThrow(/shell:nope/);
  });
});
