/**
 * Opens the sandbox's sign-in window (sandbox builds): from the click itself, before the rest of
 * the sandbox's sign-in (./sandbox.ts) has loaded, or the popup is blocked.
 */
import { SANDBOX_SOCIAL_PATH } from '../../contract/sandbox-control.ts';
import type { SocialProvider } from './types.ts';

export function openSandboxWindow(provider: SocialProvider, win: Window = window): Window | null {
  const url = SANDBOX_SOCIAL_PATH.replace('{provider}', provider);
  return win.open(url, `sandbox-${provider}`, 'popup,width=480,height=640');
}
