/**
 * Apple and Google sign-in, shared by the login and sign-up flows: the provider's window opens
 * straight from the click; a failure is tracked and handed back; Apple's name is carried over.
 */
import type { FlowAnalytics } from '../../lib/analytics.ts';
import { socialFailureReason } from '../../lib/social/results.ts';
import type { SocialFailureReason, SocialProvider, SocialResult } from '../../lib/social/types.ts';

/** This tab's session storage, for Apple's name. */
export interface PersistedName {
  read: (key: 'appleFullName') => string | undefined;
  write: (key: 'appleFullName', value: string) => void;
}

/** Google One Tap (a production build's library; absent in the sandbox's). */
export interface OneTapDeps {
  available: () => boolean;
  /** Shows the prompt; a credential the person picks comes to `onCredential`. */
  prompt: (onCredential: (result: SocialResult) => void) => void;
  cancel: () => void;
}

export interface SocialDeps {
  /** Opens Apple's or Google's sign-in; must open any window synchronously. */
  socialSignIn: (provider: SocialProvider) => Promise<SocialResult>;
  oneTap?: OneTapDeps | undefined;
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
 * Opens the provider's sign-in and waits for it, unless the provider already `given` its result
 * (Google's own button or One Tap). A failure is tracked (`{provider}_failed_{reason}`) and given
 * to `failed`; the result comes back with Apple's name carried over. Once `signal` is aborted (a
 * late answer) nothing happens and nothing comes back.
 */
export async function openSocial(
  provider: SocialProvider,
  deps: SocialDeps,
  failed: (reason: SocialFailureReason) => void,
  signal?: AbortSignal,
  given?: SocialResult,
): Promise<SocialResult | undefined> {
  let result: SocialResult;
  try {
    result = given ?? (await deps.socialSignIn(provider));
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

/**
 * Google One Tap on a first view (login, sign-up), behind its remote flag: offered at most once
 * per page, and dismissed for good as soon as the person types a phone number, leaves the view or
 * signs in another way. A credential goes to `signIn`.
 */
export function createOneTap(deps: SocialDeps, signIn: (result: SocialResult) => void) {
  let phase: 'idle' | 'shown' | 'done' = 'idle';
  return {
    /** Offers One Tap when the flag is on, Google's library is used and nothing stands against it. */
    offer(enabled: boolean): void {
      if (phase !== 'idle' || !enabled || !deps.oneTap?.available()) return;
      phase = 'shown';
      deps.oneTap.prompt((result) => {
        if (phase !== 'shown') return;
        phase = 'done';
        signIn(result);
      });
    },
    /** Never again on this page; closes the prompt if it is open. */
    dismiss(): void {
      if (phase === 'shown') deps.oneTap?.cancel();
      phase = 'done';
    },
    get phase() {
      return phase;
    },
  };
}

/** What `wireOneTap` needs of a flow: its state, and reactions bound until it is destroyed. */
interface OneTapHost<S> {
  get(): S;
  onChange(reaction: (state: S) => void): void;
  onDestroy(cleanup: () => void): void;
}

/**
 * One Tap bound to a flow's first view: offered only while `untouched` holds, dismissed for good
 * as soon as it stops holding (a typed number, another view, a call) or the flow is destroyed.
 */
export function wireOneTap<S>(
  flow: OneTapHost<S>,
  deps: SocialDeps,
  untouched: (state: S) => boolean,
  signIn: (result: SocialResult) => void,
): { offer(enabled: boolean): void } {
  const oneTap = createOneTap(deps, signIn);
  flow.onChange((state) => {
    if (!untouched(state)) oneTap.dismiss();
  });
  flow.onDestroy(() => oneTap.dismiss());
  return { offer: (enabled) => oneTap.offer(enabled && untouched(flow.get())) };
}
