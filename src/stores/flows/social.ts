/**
 * Apple and Google sign-in, shared by the login and sign-up flows: the provider's window opens
 * straight from the click; a failure is tracked and handed back; Apple's name is carried over.
 */
import type { FlowAnalytics } from '../../lib/analytics.ts';
import {
  socialFailureReason,
  type SocialFailureReason,
  type SocialProvider,
  type SocialResult,
} from '../../lib/social/types.ts';

/** This tab's session storage, for Apple's name. */
export interface PersistedName {
  read: (key: 'appleFullName') => string | undefined;
  write: (key: 'appleFullName', value: string) => void;
}

export interface SocialDeps {
  /** Opens Apple's or Google's sign-in; must open any window synchronously. */
  socialSignIn: (provider: SocialProvider) => Promise<SocialResult>;
  analytics: Pick<FlowAnalytics, 'track'>;
  persisted?: PersistedName | undefined;
}

/** Apple sends the name only the first time: it is kept, and reused when it is omitted. */
export function carryAppleName(
  fullName: string | undefined,
  persisted: PersistedName | undefined,
): string | undefined {
  if (fullName) persisted?.write('appleFullName', fullName);
  return fullName || persisted?.read('appleFullName');
}

/**
 * Opens the provider's sign-in and waits for it. A failure is tracked
 * (`{provider}_failed_{reason}`) and given to `failed`; the result comes back with Apple's name
 * carried over. Once `signal` is aborted (a late answer) nothing happens and nothing comes back.
 */
export async function openSocial(
  provider: SocialProvider,
  deps: SocialDeps,
  failed: (reason: SocialFailureReason) => void,
  signal?: AbortSignal,
): Promise<SocialResult | undefined> {
  let result: SocialResult;
  try {
    result = await deps.socialSignIn(provider);
  } catch (error) {
    if (signal?.aborted) return undefined;
    const reason = socialFailureReason(error);
    deps.analytics.track(`${provider}_failed_${reason}`, { flow: provider });
    failed(reason);
    return undefined;
  }
  if (signal?.aborted) return undefined;
  const fullName =
    provider === 'apple' ? carryAppleName(result.fullName, deps.persisted) : result.fullName;
  return { ...result, fullName };
}
