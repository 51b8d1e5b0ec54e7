/**
 * Recovery from a session link: `/session_init` (and `/`) with `clientId`, `phoneNumber` and
 * `otp` or `verificationId` (spec sections 2, 4, 6, 7).
 *
 * States, as spec section 4 names them: loading → challenge shown → submitting → link sent, or
 * error (the answer kept, the challenge still shown, the message at the full-name field when it
 * is INVALID_FULL_NAME and above the form otherwise). Around them:
 * - no recovery parameters at all: the session-expired screen (`no_session`);
 * - a code but no phone number: `/login` with csrf, clientId and both social buttons off;
 * - any other missing parameter, a rejected or malformed fetch: `/session_unknown`;
 * - the fetch not reaching the server (offline, timeout): `unreachable`, with a retry;
 * - no full-name challenge in the answer: 'not configured'.
 */
import { atom } from 'nanostores';
import type { DynamicKey } from '../../api/error-catalogue.ts';
import { recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import type {
  RecoveryChallengesQuery,
  RecoveryNotificationBody,
} from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { queryClientId } from '../../lib/address.ts';

/** Something to show: a catalog key, server text, or a key from a server code with a fallback. */
export type Message = DynamicKey | Text;

/** The query of a recovery link, as read from the address (absent parameters undefined). */
export interface RecoveryParams {
  clientId?: string | undefined;
  phoneNumber?: string | undefined;
  otp?: string | undefined;
  verificationId?: string | undefined;
  csrf?: string | undefined;
}

export interface RecoverySession {
  clientId: string;
  phoneNumber: string;
  otp?: string;
  verificationId?: string;
}

export interface NameHint {
  maskedFullName: string;
  dir: 'ltr' | 'rtl' | undefined;
}

export type RecoveryState =
  /** Pre-rendered: the address is not read yet (shows the loader). */
  | { step: 'idle' }
  | { step: 'no_session' }
  /** Leaving for `path` (unlocalized, with its query). */
  | { step: 'redirect'; path: string }
  | { step: 'loading'; session: RecoverySession }
  | { step: 'unreachable'; session: RecoverySession; message: Message }
  | { step: 'not_configured' }
  | {
      step: 'challenge';
      session: RecoverySession;
      hint: NameHint;
      answer: string;
      /** Set when the person submitted an empty answer. */
      required: boolean;
    }
  | { step: 'submitting'; session: RecoverySession; hint: NameHint; answer: string }
  | {
      step: 'error';
      session: RecoverySession;
      hint: NameHint;
      answer: string;
      message: Message;
      /** The answer itself was wrong (INVALID_FULL_NAME): shown at the field. */
      atField: boolean;
    }
  | { step: 'link_sent' };

export type RecoveryEvent =
  | { type: 'opened'; params: RecoveryParams }
  | { type: 'challengesLoaded'; answer: unknown }
  | { type: 'challengesFailed'; failure: ApiFailure }
  | { type: 'retried' }
  | { type: 'answerChanged'; answer: string }
  | { type: 'submitted' }
  | { type: 'linkSent' }
  | { type: 'submitFailed'; failure: ApiFailure };

/** The parameters that are codes or personal data: taken out of the address at once. */
export const RECOVERY_SECRET_PARAMS = ['otp', 'verificationId', 'phoneNumber', 'csrf'] as const;

/**
 * The recovery link's parameters from the query, as they are (absent ones undefined), except a
 * client id that cannot be one, which counts as missing.
 */
export function readRecoveryParams(query: URLSearchParams): RecoveryParams {
  const params: RecoveryParams = { clientId: queryClientId(query) };
  for (const name of RECOVERY_SECRET_PARAMS) {
    const value = query.get(name);
    if (value !== null) params[name] = value;
  }
  return params;
}

const present = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/** `/login?csrf=..&clientId=..&showApple=false&showGoogle=false` (spec section 2). */
export function loginWithoutSocialPath(params: RecoveryParams): string {
  const query = new URLSearchParams();
  if (present(params.csrf)) query.set('csrf', params.csrf);
  if (present(params.clientId)) query.set('clientId', params.clientId);
  query.set('showApple', 'false');
  query.set('showGoogle', 'false');
  return `/login?${query.toString()}`;
}

export const SESSION_UNKNOWN_PATH = '/session_unknown';

/** Where a recovery link leads before anything is fetched. */
export function openState(params: RecoveryParams): RecoveryState {
  const proof = present(params.otp) || present(params.verificationId);
  if (!present(params.phoneNumber) && !proof && !present(params.clientId)) {
    return { step: 'no_session' };
  }
  if (!present(params.phoneNumber)) {
    // A recovery request (a code) without the phone number: log in, without social buttons.
    // A client id alone is not a recovery request: the session is simply gone.
    return proof
      ? { step: 'redirect', path: loginWithoutSocialPath(params) }
      : { step: 'no_session' };
  }
  if (!present(params.clientId) || !proof) {
    return { step: 'redirect', path: SESSION_UNKNOWN_PATH };
  }
  return {
    step: 'loading',
    session: {
      clientId: params.clientId.trim(),
      phoneNumber: params.phoneNumber.trim(),
      ...(present(params.verificationId) ? { verificationId: params.verificationId.trim() } : {}),
      ...(present(params.otp) ? { otp: params.otp.trim() } : {}),
    },
  };
}

/**
 * Reads a challenges answer defensively: the full-name challenge's hint; `'other'` when the list
 * has no full-name challenge (another type, or none); undefined when the answer is malformed.
 */
export function readChallenges(answer: unknown): NameHint | 'other' | undefined {
  if (!answer || typeof answer !== 'object') return undefined;
  const challenges = (answer as { challenges?: unknown }).challenges;
  if (!Array.isArray(challenges)) return undefined;
  for (const item of challenges as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const challenge = item as { challengeIdentifier?: unknown; hint?: unknown };
    if (challenge.challengeIdentifier !== 'FULL_NAME_CHALLENGE') continue;
    const hint = (challenge.hint && typeof challenge.hint === 'object' ? challenge.hint : {}) as {
      maskedFullName?: unknown;
      dir?: unknown;
    };
    return {
      maskedFullName:
        typeof hint.maskedFullName === 'string' ? hint.maskedFullName.slice(0, 200) : '',
      dir: hint.dir === 'rtl' || hint.dir === 'ltr' ? hint.dir : undefined,
    };
  }
  return 'other';
}

/** The `message` (or `error`) code of a recovery failure, when the server sent one. */
export function recoveryCode(failure: ApiFailure): string | undefined {
  if (failure.kind !== 'http') return undefined;
  const code = failure.body?.message ?? failure.body?.error;
  return typeof code === 'string' ? code : undefined;
}

const isTransport = (failure: ApiFailure) =>
  failure.kind === 'timeout' || failure.kind === 'offline' || failure.kind === 'network';

export function transition(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'opened':
      return state.step === 'idle' ? openState(event.params) : state;
    case 'challengesLoaded': {
      if (state.step !== 'loading') return state;
      const hint = readChallenges(event.answer);
      if (hint === undefined) return { step: 'redirect', path: SESSION_UNKNOWN_PATH };
      if (hint === 'other') return { step: 'not_configured' };
      return { step: 'challenge', session: state.session, hint, answer: '', required: false };
    }
    case 'challengesFailed':
      if (state.step !== 'loading') return state;
      // The spec sends a failed fetch to /session_unknown; a fetch that never reached the server
      // says so and offers a retry instead (nothing is wrong with the link).
      return isTransport(event.failure)
        ? { step: 'unreachable', session: state.session, message: recoveryErrorKey(event.failure) }
        : { step: 'redirect', path: SESSION_UNKNOWN_PATH };
    case 'retried':
      return state.step === 'unreachable' ? { step: 'loading', session: state.session } : state;
    case 'answerChanged':
      if (state.step !== 'challenge' && state.step !== 'error') return state;
      return {
        step: 'challenge',
        session: state.session,
        hint: state.hint,
        answer: event.answer,
        required: false,
      };
    case 'submitted':
      if (state.step !== 'challenge' && state.step !== 'error') return state;
      if (state.answer.trim() === '') {
        return {
          step: 'challenge',
          session: state.session,
          hint: state.hint,
          answer: state.answer,
          required: true,
        };
      }
      return {
        step: 'submitting',
        session: state.session,
        hint: state.hint,
        answer: state.answer,
      };
    case 'linkSent':
      return state.step === 'submitting' ? { step: 'link_sent' } : state;
    case 'submitFailed':
      if (state.step !== 'submitting') return state;
      return {
        step: 'error',
        session: state.session,
        hint: state.hint,
        answer: state.answer,
        message: recoveryErrorKey(event.failure),
        atField: recoveryCode(event.failure) === 'INVALID_FULL_NAME',
      };
  }
}

export interface RecoveryDeps {
  fetchChallenges: (clientId: string, query: RecoveryChallengesQuery) => Promise<unknown>;
  sendNotification: (clientId: string, body: RecoveryNotificationBody) => Promise<void>;
  /** Leaves the page for an unlocalized path (`/login?...`, `/session_unknown`). */
  go: (path: string) => void;
  /** Analytics page views and events; never given a name, phone or code. */
  track?: (event: 'page' | 'link_sent') => void;
}

export function createRecoveryFlow(deps: RecoveryDeps) {
  const $recovery = atom<RecoveryState>({ step: 'idle' });
  const dispatch = (event: RecoveryEvent) => $recovery.set(transition($recovery.get(), event));

  async function load(): Promise<void> {
    const state = $recovery.get();
    if (state.step !== 'loading') return;
    const { clientId, phoneNumber, otp, verificationId } = state.session;
    try {
      const answer = await deps.fetchChallenges(clientId, {
        phoneNumber,
        ...(otp ? { otp } : {}),
        ...(verificationId ? { verificationId } : {}),
      });
      dispatch({ type: 'challengesLoaded', answer });
    } catch (error) {
      dispatch({ type: 'challengesFailed', failure: toFailure(error) });
    }
  }

  // Reactions, apart from the actions that change the state.
  const unbind = $recovery.listen((state, previous) => {
    if (state.step === previous?.step) return;
    if (state.step === 'redirect') deps.go(state.path);
    if (state.step === 'challenge' && previous?.step === 'loading') deps.track?.('page');
    if (state.step === 'link_sent') deps.track?.('link_sent');
  });

  return {
    $recovery,
    /** Reads the link's parameters once and fetches the challenges. */
    open(params: RecoveryParams): Promise<void> {
      dispatch({ type: 'opened', params });
      return load();
    },
    retry(): Promise<void> {
      dispatch({ type: 'retried' });
      return load();
    },
    setAnswer(answer: string): void {
      dispatch({ type: 'answerChanged', answer });
    },
    async submit(): Promise<void> {
      dispatch({ type: 'submitted' });
      const state = $recovery.get();
      if (state.step !== 'submitting') return;
      const { clientId, phoneNumber, otp, verificationId } = state.session;
      try {
        await deps.sendNotification(clientId, {
          phoneNumber,
          ...(otp ? { otp } : {}),
          ...(verificationId ? { verificationId } : {}),
          challenges: [
            { challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: state.answer.trim() },
          ],
        });
        dispatch({ type: 'linkSent' });
      } catch (error) {
        dispatch({ type: 'submitFailed', failure: toFailure(error) });
      }
    },
    exit: unbind,
  };
}

export type RecoveryFlow = ReturnType<typeof createRecoveryFlow>;
