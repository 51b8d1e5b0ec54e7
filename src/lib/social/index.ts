/**
 * Social sign-in entry: a sandbox build opens the sandbox's sign-in window (synchronously, inside
 * the click, so it is not blocked); a production build loads Apple's or Google's SDK on demand
 * (dynamic import, then the script), never on first paint.
 */
import { SANDBOX } from '../../config.ts';
import { sandboxSocialSignIn } from './sandbox.ts';
import type { SocialProvider, SocialResult } from './types.ts';

export type { SocialProvider, SocialResult };

export function socialSignIn(provider: SocialProvider): Promise<SocialResult> {
  if (SANDBOX) return sandboxSocialSignIn(provider);
  return provider === 'apple'
    ? import('./apple.ts').then((module) => module.appleSignIn())
    : import('./google.ts').then((module) => module.googleSignIn());
}

/** Starts loading the production SDK early (button hover or focus), so the popup opens at once. */
export function warmSocial(provider: SocialProvider): void {
  if (SANDBOX) return;
  if (provider === 'apple') void import('./apple.ts').then((m) => m.prepareApple().catch(() => {}));
  else void import('./google.ts');
}
