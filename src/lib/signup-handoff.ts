/**
 * What the login hands sign-up when the person has no account yet: the number (and the id of the
 * code that proved it), the e-mail, Apple's or Google's id token. They cross in this tab's session
 * storage under one key, never in the address (security review M3: an address lands in history,
 * server logs and Referer). The login writes it just before it navigates; sign-up takes it once,
 * which removes it, and checks it like the address's presets (src/stores/flows/signup/presets.ts).
 */
import { readPersisted, removePersisted, writePersisted } from './persisted.ts';

const HANDOFF_FIELDS = [
  'fullMobileNumber',
  'otp',
  'email',
  'appleIdToken',
  'googleIdToken',
] as const;

export type SignupHandoff = Partial<Record<(typeof HANDOFF_FIELDS)[number], string>>;

/** Keeps the hand-off for the sign-up page (an empty one clears it); false when storage failed. */
export function handToSignup(handoff: SignupHandoff): boolean {
  const query = new URLSearchParams();
  for (const name of HANDOFF_FIELDS) {
    const value = handoff[name];
    if (value) query.set(name, value);
  }
  const value = query.toString();
  if (value === '') {
    removePersisted('signupHandoff');
    return true;
  }
  return writePersisted('signupHandoff', value);
}

/** The hand-off, once: it is removed as it is read. Undefined when there is none. */
export function takeSignupHandoff(): SignupHandoff | undefined {
  const stored = readPersisted('signupHandoff');
  if (stored === undefined) return undefined;
  removePersisted('signupHandoff');
  const query = new URLSearchParams(stored);
  const handoff: SignupHandoff = {};
  for (const name of HANDOFF_FIELDS) {
    const value = query.get(name);
    if (value) handoff[name] = value;
  }
  return handoff;
}
