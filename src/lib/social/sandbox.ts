/**
 * Sandbox builds: the real Apple and Google SDKs cannot load, so the buttons open the sandbox's
 * social sign-in window (`/_sandbox/social/{provider}`, opened by index.ts inside the click),
 * which posts `{ type: 'sandbox-social', provider, idToken }` back to this window. Only messages
 * from this origin and from that window are accepted (ASVS 3.5.5). This module loads on demand:
 * a hover or focus of the button, at the latest the click (the window's page must load and be
 * answered before anything is posted).
 */
import { claimString, SocialError, tokenClaims } from './results.ts';
import type { SocialProvider, SocialResult } from './types.ts';

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
 * The answer of the sandbox window `popup` (opened inside the click by `socialSignIn`, index.ts):
 * the token it sends back; rejects `popup_closed` when it is closed first, or was blocked (null).
 */
export function sandboxAnswer(
  provider: SocialProvider,
  popup: Window | null,
  win: Window = window,
): Promise<SocialResult> {
  if (!popup) return Promise.reject(new SocialError('popup_closed', 'The popup was blocked'));
  return new Promise<SocialResult>((resolve, reject) => {
    const finish = () => {
      win.removeEventListener('message', onMessage);
      win.clearInterval(poll);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== win.location.origin || event.source !== popup) return;
      if (!isSandboxMessage(event.data, provider)) return;
      finish();
      resolve(sandboxResult(event.data.idToken));
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
