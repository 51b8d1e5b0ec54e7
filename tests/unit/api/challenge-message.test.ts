import { describe, expect, it } from 'vitest';
import { challengeMessage } from '../../../src/api/challenge-message.ts';
import { CHALLENGE_NAMES, LOGIN_CHALLENGES } from '../../../src/contract/errors.ts';
import { LOCALES } from '../../../src/i18n/config.ts';
import { pickMessages } from '../../../src/i18n/messages.ts';
import { createT } from '../../../src/i18n/t.ts';

const KNOWN = [...LOGIN_CHALLENGES, ...CHALLENGE_NAMES].filter((id) => id !== 'otp');
const NAMES = new Set(['apple', 'google', 'pin']);

describe('challengeMessage', () => {
  it('says every challenge the contract knows in words, in every language', () => {
    for (const locale of LOCALES) {
      const t = createT(locale, pickMessages(locale, ['signup', 'spring_security_error']));
      for (const id of KNOWN) {
        const message = challengeMessage(id);
        expect(message).toEqual({ key: `signup:error.challenge.${id}` });
        const shown = t.text(message);
        expect(shown).not.toBe(`signup:error.challenge.${id}`);
        // The id is never a word of the sentence (Apple, Google and PIN are names everywhere).
        if (id.includes('_')) expect(shown).not.toContain(id);
        if (locale !== 'en' && !NAMES.has(id)) {
          expect(shown).not.toMatch(new RegExp(`\\b${id}\\b`, 'i'));
        }
      }
    }
  });

  it('says an unknown challenge as the spec does in English only, never the raw id elsewhere', () => {
    const generic = { key: 'spring_security_error:ERROR_UNKNOWN' } as const;
    for (const challenge of ['', '  ', undefined, 7, null]) {
      expect(challengeMessage(challenge)).toEqual(generic);
    }
    for (const challenge of ['face_scan', 'constructor', 'otp']) {
      expect(challengeMessage(challenge)).toEqual({
        text: `Provide: ${challenge}`,
        fallback: generic.key,
      });
    }
    const en = createT('en', pickMessages('en', ['signup', 'spring_security_error']));
    expect(en.text(challengeMessage('face_scan'))).toBe('Provide: face_scan');
    for (const locale of LOCALES.filter((item) => item !== 'en')) {
      const t = createT(locale, pickMessages(locale, ['signup', 'spring_security_error']));
      const shown = t.text(challengeMessage('face_scan'));
      expect(shown).toBe(t.text(generic));
      expect(shown).not.toContain('face_scan');
    }
  });
});
