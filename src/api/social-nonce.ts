/**
 * The nonces that bind Apple's and Google's id tokens to this page's sign-in (security review,
 * L3): each sign-in asks the identity API for one (`SOCIAL_NONCE_PATH`), hands it to the provider,
 * whose id token carries it as its `nonce` claim, and the social login sends it back for the back
 * end to compare with the nonce it issued (src/contract/identity-api.ts). A nonce serves one
 * sign-in: the next asks for its own. It is asked for ahead of the click where it can be (a hover
 * or a focus of the button, Google's button drawn), so that the provider's window opens at once.
 */
import { SOCIAL_NONCE_PATH, type SocialNonceResponse } from '../contract/identity-api.ts';
import { claimString, SocialError, tokenClaims } from '../lib/social/results.ts';
import { identityApiCall } from './identity-headers.ts';

/** A nonce, and until when (ms since the epoch) the back end takes it. */
export interface SocialNonce {
  nonce: string;
  until: number;
}

/** A nonce this close to its end is not handed to a provider: the person needs time to sign in. */
export const NONCE_MARGIN_MS = 60_000;

let next: Promise<SocialNonce> | undefined;
/** The nonces this page asked for: the only ones it vouches for in a login. */
const ours = new Set<string>();

function ask(): Promise<SocialNonce> {
  const asked = identityApiCall<SocialNonceResponse>(SOCIAL_NONCE_PATH, { method: 'POST' }).then(
    (answer) => {
      ours.add(answer.nonce);
      return { nonce: answer.nonce, until: Date.now() + answer.expires_in * 1000 };
    },
  );
  // A failed ask is forgotten: the next sign-in asks again.
  asked.catch(() => {
    if (next === asked) next = undefined;
  });
  return asked;
}

/** Asks for the next sign-in's nonce ahead of time (once; a failure is asked again later). */
export function prepareNonce(): void {
  next ??= ask();
}

/** The nonce for a sign-in starting now: the one asked for ahead, unless it is about to expire. */
export async function takeNonce(): Promise<SocialNonce> {
  const prepared = next ?? ask();
  next = undefined;
  const issued = await prepared;
  return issued.until - NONCE_MARGIN_MS > Date.now() ? issued : ask();
}

/**
 * The nonce for a provider's sign-in starting now; without one (the identity API unreachable) the
 * provider's window, if one is open, closes and the sign-in fails.
 */
export async function signInNonce(popup?: Window | null): Promise<string> {
  try {
    return (await takeNonce()).nonce;
  } catch {
    popup?.close();
    throw new SocialError('other', 'No nonce for the sign-in');
  }
}

/** What a social login sends back: the token's `nonce` claim, when this page asked for it. */
export function nonceOf(idToken: string): string | undefined {
  const claim = claimString(tokenClaims(idToken), 'nonce');
  return claim !== undefined && ours.has(claim) ? claim : undefined;
}
