/**
 * Google sign-in when Google's button cannot be drawn (its library blocked or failing): the OAuth
 * 2.0 / OpenID Connect implicit flow for an id token, in a popup. The popup comes back to this
 * origin's `/login` with the token in the fragment; that page hands it over on a same-origin
 * BroadcastChannel (it may have lost its opener to the opener policies on the way) and closes.
 * The state must be the one this window sent, and the token's nonce the one it asked for (the
 * identity API's, which the login sends back for the back end to check): an answer any other page
 * broadcasts is ignored.
 */
import { prepareNonce, signInNonce } from '../../api/social-nonce.ts';
import { GOOGLE_CLIENT_ID } from '../../config.ts';
import { googleResult } from './google.ts';
import { SocialError, tokenClaims } from './results.ts';
import type { SocialResult } from './types.ts';

export { prepareNonce };

export const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_CHANNEL = 'account-google-signin';
/** The one redirect address registered with Google, for every page and language. */
export const GOOGLE_REDIRECT_PATH = '/login';
/** How long a closed popup may still deliver its answer (its page loads, then posts). */
const CLOSED_GRACE_MS = 4000;
const POLL_MS = 500;

export interface GoogleRedirect {
  state: string;
  idToken?: string;
  error?: string;
}

export function googleAuthUrl(params: {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
}): string {
  const query = new URLSearchParams({
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    response_type: 'id_token',
    scope: 'openid email profile',
    state: params.state,
    nonce: params.nonce,
    prompt: 'select_account',
  });
  return `${GOOGLE_AUTH_URL}?${query.toString()}`;
}

/** The answer a redirect carries in its fragment, if it is one. */
export function readGoogleRedirect(hash: string): GoogleRedirect | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const state = params.get('state');
  const idToken = params.get('id_token') ?? undefined;
  const error = params.get('error') ?? undefined;
  if (!state || (!idToken && !error)) return undefined;
  return { state, ...(idToken ? { idToken } : {}), ...(error ? { error } : {}) };
}

/**
 * In the popup, back on `/login`: hands the answer over, takes it out of the address and closes
 * the window. Returns whether this page was such a redirect (then it must do nothing else).
 */
export function finishGoogleRedirect(win: Window = window): boolean {
  const answer = readGoogleRedirect(win.location.hash);
  if (!answer) return false;
  win.history.replaceState(null, '', win.location.pathname + win.location.search);
  const channel = new BroadcastChannel(GOOGLE_CHANNEL);
  channel.postMessage(answer);
  channel.close();
  win.close();
  return true;
}

/** The answer as a result: the state is ours, the token's nonce ours, else it fails. */
export function redirectResult(answer: GoogleRedirect, nonce: string): SocialResult {
  if (answer.error) {
    throw new SocialError(answer.error === 'access_denied' ? 'cancelled' : 'other', answer.error);
  }
  const idToken = answer.idToken ?? '';
  if (tokenClaims(idToken)?.['nonce'] !== nonce) {
    throw new SocialError('other', 'Google token for another request');
  }
  return googleResult({ credential: idToken });
}

const randomValue = () => crypto.randomUUID().replace(/-/g, '');

/**
 * Sends the popup (opened blank straight from the click, `openGooglePopup`) to Google and resolves
 * with the token the redirect hands back; rejects `popup_closed` when the window is closed first.
 */
export async function googlePopupSignIn(
  popup: Window | null,
  win: Window = window,
): Promise<SocialResult> {
  if (!popup) throw new SocialError('popup_closed', 'The popup was blocked');
  const state = randomValue();
  const nonce = await signInNonce(popup);
  popup.location.href = googleAuthUrl({
    clientId: GOOGLE_CLIENT_ID,
    redirectUri: new URL(GOOGLE_REDIRECT_PATH, win.location.origin).href,
    state,
    nonce,
  });
  return new Promise<SocialResult>((resolve, reject) => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    let closedAt: number | undefined;
    const finish = () => {
      channel.close();
      win.clearInterval(poll);
    };
    channel.onmessage = (event: MessageEvent<GoogleRedirect>) => {
      const answer = event.data;
      if (!answer || typeof answer !== 'object' || answer.state !== state) return;
      finish();
      try {
        resolve(redirectResult(answer, nonce));
      } catch (error) {
        reject(error instanceof SocialError ? error : new SocialError('other'));
      }
    };
    const poll = win.setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt < CLOSED_GRACE_MS) return;
      finish();
      reject(new SocialError('popup_closed'));
    }, POLL_MS);
  });
}
