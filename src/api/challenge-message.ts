/**
 * What an onboarding's `challenge_required` asks for, in the page's words. The spec's form is
 * 'Provide: {challenge}', but a challenge id (`email`, `try_another_way`) is not a word of any
 * language: each id the contract knows has its own sentence (`signup:error.challenge.{id}`), and
 * any other is never the raw id in another language (the i18n check fails on a `{{challenge}}`).
 * The code (`otp`) has its own view and never gets here.
 */
import {
  CHALLENGE_NAMES,
  LOGIN_CHALLENGES,
  type ChallengeName,
  type LoginChallenge,
} from '../contract/errors.ts';
import type { Text } from '../i18n/types.ts';

/** Every challenge the contract names (a login's, and `try_another_way`'s), but the code. */
export type ProvidedChallenge = Exclude<LoginChallenge, 'otp'> | ChallengeName;

const KNOWN: ReadonlySet<string> = new Set<string>(
  [...LOGIN_CHALLENGES, ...CHALLENGE_NAMES].filter((challenge) => challenge !== 'otp'),
);

const isKnown = (challenge: unknown): challenge is ProvidedChallenge =>
  typeof challenge === 'string' && KNOWN.has(challenge);

/**
 * The message asking for `challenge`: its sentence when known; else the spec's 'Provide: {id}' on
 * English pages (the id is the server's English) and the generic message on every other.
 */
export function challengeMessage(challenge: unknown): Text {
  if (isKnown(challenge)) return { key: `signup:error.challenge.${challenge}` };
  return typeof challenge === 'string' && challenge.trim() !== ''
    ? { text: `Provide: ${challenge}`, fallback: 'spring_security_error:ERROR_UNKNOWN' }
    : { key: 'spring_security_error:ERROR_UNKNOWN' };
}
