/**
 * Issue 33, item 6: no raw server text or challenge id in a non-English sentence. Every way a
 * server's words reach a message (an unmapped error's text, a one-click error's text, an unknown
 * OTP or recovery message, an unknown challenge id) shows the server's English on English pages
 * only and the generic message in every other language, with the real catalogs.
 */
import { describe, expect, it } from 'vitest';
import { challengeMessage } from '../../../src/api/challenge-message.ts';
import {
  loginErrorMessage,
  oneClickErrorMessage,
  otpErrorKey,
  recoveryErrorKey,
} from '../../../src/api/error-catalogue.ts';
import { LOCALES } from '../../../src/i18n/config.ts';
import { pickMessages } from '../../../src/i18n/messages.ts';
import { createT } from '../../../src/i18n/t.ts';
import type { Text } from '../../../src/i18n/types.ts';
import { http } from '../stores/flows/failures.ts';

const SERVER = 'Account frozen by rule 7';
const CASES: readonly (readonly [string, Text, string | undefined])[] = [
  ['an unmapped error', loginErrorMessage(http(400, { error_description: SERVER })), SERVER],
  ['a one-click error', oneClickErrorMessage(http(400, { error_message: SERVER })), SERVER],
  ['an unknown challenge', challengeMessage('face_scan'), 'Provide: face_scan'],
  ['an unknown OTP message', otpErrorKey(http(400, { message: 'FROZEN_BY_RULE' })), undefined],
  ['an unknown recovery message', recoveryErrorKey(http(400, { message: 'FROZEN' })), undefined],
];

const translate = (locale: (typeof LOCALES)[number]) =>
  createT(
    locale,
    pickMessages(locale, ['spring_security_error', 'signup', 'otp', 'error', 'common']),
  );

describe("a server's words in the page's language", () => {
  it.each(CASES)(
    '%s: English shows the server, every other language its generic message',
    (_, text, english) => {
      expect('fallback' in text).toBe(true);
      for (const locale of LOCALES) {
        const t = translate(locale);
        const shown = t.text(text);
        if (locale === 'en' && english !== undefined) {
          expect(shown).toBe(english);
          continue;
        }
        // The generic message of the page's language: never a key, never the server's words.
        expect(shown, locale).toBe('fallback' in text ? t(text.fallback) : undefined);
        expect(shown, locale).not.toMatch(/^[a-z_]+:|face_scan|FROZEN|rule 7/);
      }
    },
  );
});
