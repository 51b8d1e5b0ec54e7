/**
 * Sign in with Apple (production builds): Apple's JS SDK, loaded on first use, in popup mode with
 * the e-mail and name scope, each sign-in with a nonce of the identity API (which the id token
 * carries and the login sends back). Apple sends the name only the first time.
 */
import { prepareNonce, signInNonce } from '../../api/social-nonce.ts';
import { APPLE_CLIENT_ID } from '../../config.ts';
import { loadScript } from '../trusted-types.ts';
import { claimString, SocialError, tokenClaims } from './results.ts';
import type { SocialFailureReason, SocialResult } from './types.ts';

export const APPLE_SDK_URL =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

interface AppleSignInResponse {
  authorization?: { id_token?: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}

interface AppleAuth {
  init(options: Record<string, unknown>): void;
  /** Apple's `signIn(signInConfig)`: the options given override those of `init`. */
  signIn(options?: Record<string, unknown>): Promise<AppleSignInResponse>;
}

/** Why an Apple sign-in failed: user cancelled, popup closed, or anything else. */
export function appleFailureReason(error: unknown): SocialFailureReason {
  const code = error && typeof error === 'object' && 'error' in error ? String(error.error) : '';
  if (code === 'user_cancelled_authorize') return 'cancelled';
  if (code === 'popup_closed_by_user' || code === 'popup_blocked_by_browser') return 'popup_closed';
  return 'other';
}

export function appleResult(response: AppleSignInResponse): SocialResult {
  const idToken = response.authorization?.id_token;
  if (!idToken) throw new SocialError('other', 'Apple returned no id token');
  const name = [response.user?.name?.firstName, response.user?.name?.lastName]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ')
    .trim();
  return {
    idToken,
    email: response.user?.email ?? claimString(tokenClaims(idToken), 'email'),
    fullName: name || undefined,
  };
}

let initialised: AppleAuth | undefined;
let loading: Promise<void> | undefined;

/** Apple's options for this site (`init`, and again with the nonce at each sign-in). */
const appleOptions = () => ({
  clientId: APPLE_CLIENT_ID,
  scope: 'name email',
  redirectURI: `${location.origin}/login`,
  usePopup: true,
});

/**
 * Loads the SDK (only here, on the button) and asks for the sign-in's nonce. A failed load is a
 * `script` failure.
 */
export async function prepareApple(): Promise<AppleAuth> {
  prepareNonce();
  if (initialised) return initialised;
  try {
    loading ??= loadScript(APPLE_SDK_URL);
    await loading;
  } catch {
    loading = undefined;
    throw new SocialError('script');
  }
  const auth = (window as unknown as { AppleID?: { auth?: AppleAuth } }).AppleID?.auth;
  if (!auth) throw new SocialError('script');
  auth.init(appleOptions());
  initialised = auth;
  return auth;
}

export async function appleSignIn(): Promise<SocialResult> {
  const auth = await prepareApple();
  const nonce = await signInNonce();
  let response: AppleSignInResponse;
  try {
    response = await auth.signIn({ ...appleOptions(), nonce });
  } catch (error) {
    throw new SocialError(appleFailureReason(error));
  }
  return appleResult(response);
}
