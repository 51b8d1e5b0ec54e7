/**
 * Sandbox builds: the real Apple and Google SDKs cannot load, so the buttons open the sandbox's
 * social sign-in window (opened blank by index.ts inside the click, then sent to
 * `/_sandbox/social/{provider}?nonce=` with the identity API's nonce, which its tokens carry as
 * Apple's and Google's do), which posts `{ type: 'sandbox-social', provider, idToken }` back to
 * this window. Only messages from this origin and from that window are accepted (ASVS 3.5.5), and
 * only a token with this sign-in's nonce. This module loads on demand: a hover or focus of the
 * button (which asks for the nonce too), at the latest the click.
 */
import { prepareNonce, signInNonce } from '../../api/social-nonce.ts';
import { SANDBOX_SOCIAL_PATH } from '../../contract/sandbox-control.ts';
import { claimString, SocialError, tokenClaims } from './results.ts';
import type { SocialProvider, SocialResult } from './types.ts';

export { prepareNonce };

const POLL_MS = 400;

export interface SandboxMessage {
  type: 'sandbox-social';
  provider: SocialProvider;
  idToken: string;
}

export function isSandboxMessage(data: unknown, provider: SocialProvider): data is SandboxMessage {
  if (!data || typeof data !== 'object') return false;
  const message = data as Partial<SandboxMessage>;
  return (
    message.type === 'sandbox-social' &&
    message.provider === provider &&
    typeof message.idToken === 'string' &&
    message.idToken.length > 0 &&
    message.idToken.length <= 8192
  );
}

/** The sandbox window's answer as a social result (e-mail and name from the token payload). */
export function sandboxResult(idToken: string): SocialResult {
  const claims = tokenClaims(idToken);
  return { idToken, email: claimString(claims, 'email'), fullName: claimString(claims, 'name') };
}

/**
 * The answer of the sandbox window `popup` (opened blank inside the click by `socialSignIn`,
 * index.ts), sent to its page with this sign-in's nonce: the token it sends back; rejects
 * `popup_closed` when it is closed first, or was blocked (null).
 */
export async function sandboxAnswer(
  provider: SocialProvider,
  popup: Window | null,
  win: Window = window,
): Promise<SocialResult> {
  if (!popup) throw new SocialError('popup_closed', 'The popup was blocked');
  const nonce = await signInNonce(popup);
  const query = new URLSearchParams({ nonce });
  popup.location.href = `${SANDBOX_SOCIAL_PATH.replace('{provider}', provider)}?${query}`;
  return new Promise<SocialResult>((resolve, reject) => {
    const finish = () => {
      win.removeEventListener('message', onMessage);
      win.clearInterval(poll);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || event.source !== popup) return;
      if (!isSandboxMessage(event.data, provider)) return;
      finish();
      if (tokenClaims(event.data.idToken)?.['nonce'] !== nonce) {
        reject(new SocialError('other', 'A token for another sign-in'));
      } else {
        resolve(sandboxResult(event.data.idToken));
      }
    };
    // A closed window is reported one poll later: its last message may still be on its way.
    let closedSeen = false;
    const poll = win.setInterval(() => {
      if (!popup.closed) return;
      if (closedSeen) {
        finish();
        reject(new SocialError('popup_closed'));
      }
      closedSeen = true;
    }, POLL_MS);
    win.addEventListener('message', onMessage);
  });
}
