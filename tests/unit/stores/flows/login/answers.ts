/** Answers of the identity API the login tests replay. */
import { http } from '../failures.ts';

/** A 400 `challenge_required` naming the challenge to show. */
export const challenge = (kind: string, extra: Record<string, unknown> = {}) =>
  http(400, { error: 'challenge_required', additional_information: { challenge: kind, ...extra } });

/** Every challenge an account can have, out of priority order. */
export const DETAILS = [
  { challenge_name: 'password', priority: 5 },
  { challenge_name: 'pin', priority: 1 },
  { challenge_name: 'name', priority: 4, masked_value: 'Y*** A**' },
  { challenge_name: 'card', priority: 2 },
  { challenge_name: 'email', priority: 3, masked_value: 'y***@example.com' },
];
