/**
 * Google sign-in (production builds): Google Identity Services, loaded on first use; the id token
 * comes back through the initialise callback.
 */
import { GOOGLE_CLIENT_ID } from '../../config.ts';
import { loadScript } from '../trusted-types.ts';
import { claimString, SocialError, tokenClaims, type SocialResult } from './types.ts';

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';

interface PromptMoment {
  isNotDisplayed(): boolean;
  isSkippedMoment(): boolean;
  getSkippedReason?(): string;
}

interface GoogleId {
  initialize(options: Record<string, unknown>): void;
  prompt(listener?: (moment: PromptMoment) => void): void;
  cancel(): void;
}

let loading: Promise<void> | undefined;

async function googleId(): Promise<GoogleId> {
  try {
    loading ??= loadScript(GOOGLE_SDK_URL);
    await loading;
  } catch {
    loading = undefined;
    throw new SocialError('script');
  }
  const id = (window as unknown as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts
    ?.id;
  if (!id) throw new SocialError('script');
  return id;
}

export async function googleSignIn(): Promise<SocialResult> {
  const id = await googleId();
  return new Promise<SocialResult>((resolve, reject) => {
    id.initialize({
      client_id: GOOGLE_CLIENT_ID,
      use_fedcm_for_prompt: true,
      callback: (answer: { credential?: string }) => {
        if (!answer.credential) {
          reject(new SocialError('other', 'Google returned no credential'));
          return;
        }
        resolve({
          idToken: answer.credential,
          email: claimString(tokenClaims(answer.credential), 'email'),
        });
      },
    });
    id.prompt((moment) => {
      if (moment.isNotDisplayed()) reject(new SocialError('other', 'Google sign-in not shown'));
      else if (moment.isSkippedMoment()) reject(new SocialError('cancelled'));
    });
  });
}
