/**
 * What the Apple and Google adapters give back, and how they fail (their errors and the token's
 * claims: ./results.ts, which only the code after a click needs).
 */
export type SocialProvider = 'apple' | 'google';

export interface SocialResult {
  idToken: string;
  /** The e-mail of the token payload, when there is one. */
  email?: string | undefined;
  /** Apple sends the name only the first time; Google never through this path. */
  fullName?: string | undefined;
}

/** The window name of Google's OAuth popup: the page it comes back to knows it by it. */
export const GOOGLE_POPUP_NAME = 'google-signin';

/** Apple failures are user cancelled, popup closed or other; a script can fail to load. */
export type SocialFailureReason = 'cancelled' | 'popup_closed' | 'script' | 'other';
