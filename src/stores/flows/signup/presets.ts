/**
 * What the sign-up page reads from its address: the client, a number and a code that proves it,
 * Apple's or Google's token, the e-mail, the corporate invitation, and which fields and buttons
 * show (`showEmail`, `hideInvitationCode`, `showApple`, `showGoogle`). Secrets and personal data
 * leave the address at once (`SIGNUP_SECRET_PARAMS`; the csrf through src/lib/csrf.ts). From the
 * login they come in session storage instead (src/lib/signup-handoff.ts), checked the same way.
 */
import { cleanClientId } from '../../../lib/address.ts';
import { addressNumber } from '../../../lib/phone.ts';
import type { SignupHandoff } from '../../../lib/signup-handoff.ts';

export interface SignupPresets {
  clientId: string | undefined;
  /** International digits. */
  fullMobileNumber: string | undefined;
  /** An OTP (or its verification id) that already proves the number: no code step. */
  otp: string | undefined;
  appleIdToken: string | undefined;
  googleIdToken: string | undefined;
  showEmail: boolean;
  email: string | undefined;
  /** hideInvitationCode=false. */
  showInvitationCode: boolean;
  showApple: boolean;
  showGoogle: boolean;
  corporateInvitationToken: string | undefined;
}

export const DEFAULT_SIGNUP_PRESETS: SignupPresets = {
  clientId: undefined,
  fullMobileNumber: undefined,
  otp: undefined,
  appleIdToken: undefined,
  googleIdToken: undefined,
  showEmail: false,
  email: undefined,
  showInvitationCode: false,
  showApple: true,
  showGoogle: true,
  corporateInvitationToken: undefined,
};

/** The query parameters that are secrets or personal data: taken out of the address at once. */
export const SIGNUP_SECRET_PARAMS = [
  'otp',
  'appleIdToken',
  'googleIdToken',
  'corporateInvitationToken',
  'fullMobileNumber',
  'email',
] as const;

export type SignupSecret = (typeof SIGNUP_SECRET_PARAMS)[number];

/**
 * The query the presets are read from: the address's without its secrets, and the secrets of the
 * login's hand-off when there is one, else those a link from outside carried (`fromAddress`, taken
 * out of the address already). One source, never a mix: an address cannot add a token or a code to
 * what the login handed over (a corporate invitation, which the login never hands, is kept).
 */
export function presetsQuery(
  address: URLSearchParams,
  fromAddress: Partial<Record<SignupSecret, string>>,
  handoff: SignupHandoff | undefined,
): URLSearchParams {
  const query = new URLSearchParams(address);
  for (const name of SIGNUP_SECRET_PARAMS) query.delete(name);
  const corporate = fromAddress.corporateInvitationToken;
  const secrets: Partial<Record<SignupSecret, string>> = handoff
    ? { ...handoff, ...(corporate ? { corporateInvitationToken: corporate } : {}) }
    : fromAddress;
  for (const name of SIGNUP_SECRET_PARAMS) {
    const value = secrets[name];
    if (value) query.set(name, value);
  }
  return query;
}

const ID_TOKEN = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const OPAQUE = /^[\w.~-]{1,256}$/;

function matching(value: string | null, pattern: RegExp, max = 8192): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= max && pattern.test(trimmed) ? trimmed : undefined;
}

/** The presets from the query; a value that cannot be right counts as absent. */
export function parseSignupPresets(query: URLSearchParams): SignupPresets {
  const email = query.get('email')?.trim();
  return {
    clientId: cleanClientId(query.get('clientId')),
    fullMobileNumber: addressNumber(query.get('fullMobileNumber')),
    otp: matching(query.get('otp'), OPAQUE),
    appleIdToken: matching(query.get('appleIdToken'), ID_TOKEN),
    googleIdToken: matching(query.get('googleIdToken'), ID_TOKEN),
    showEmail: query.get('showEmail') === 'true',
    email: email && email.length <= 254 && !/\s/.test(email) ? email : undefined,
    showInvitationCode: query.get('hideInvitationCode') === 'false',
    showApple: query.get('showApple') !== 'false',
    showGoogle: query.get('showGoogle') !== 'false',
    corporateInvitationToken: matching(query.get('corporateInvitationToken'), OPAQUE),
  };
}
