/**
 * Recovery from a session link: `/session_init` (and `/`) with `clientId`, `phoneNumber`, `otp` or
 * `verificationId`, and `email` (spec section 2).
 *
 * Views: loading → challenge shown → submitting → link sent, or error (the answer kept, the
 * challenge still shown, the message at the full-name field when it is INVALID_FULL_NAME and above
 * the form otherwise). Around them:
 * - no recovery parameters at all: the session-expired screen (`no_session`);
 * - any recovery parameter but no phone number: `/login` with csrf, clientId and both social
 *   buttons off (spec section 2), on its e-mail form when the link named an e-mail address;
 * - any other missing parameter, a rejected or malformed fetch: `/session_unknown`;
 * - the fetch not reaching the server (offline, timeout): `unreachable`, with a retry;
 * - no full-name challenge in the answer: 'not configured'.
 */
import { recoveryCode, recoveryErrorKey } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { toFailure } from '../../api/errors.ts';
import type {
  RecoveryChallengesQuery,
  RecoveryNotificationBody,
} from '../../contract/identity-api.ts';
import type { Text } from '../../i18n/types.ts';
import { queryClientId } from '../../lib/address.ts';
import { isEmailAddress } from '../../lib/patterns.ts';
import { createFlow } from './create-flow.ts';

/** The query of a recovery link, as read from the address (absent parameters undefined). */
export interface RecoveryParams {
  clientId?: string | undefined;
  phoneNumber?: string | undefined;
  otp?: string | undefined;
  verificationId?: string | undefined;
  /** The account's e-mail address: read, taken out of the address, sent nowhere. */
  email?: string | undefined;
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
  | { view: 'idle' }
  | { view: 'no_session' }
  /** Leaving for `path` (unlocalized, with its query). */
  | { view: 'redirect'; path: string }
  | { view: 'loading'; session: RecoverySession }
  | { view: 'unreachable'; session: RecoverySession; error: Text }
  | { view: 'not_configured' }
  | {
      view: 'challenge';
      session: RecoverySession;
      hint: NameHint;
      answer: string;
      /** The person submitted an empty answer. */
      fieldError?: Text;
    }
  | { view: 'submitting'; session: RecoverySession; hint: NameHint; answer: string }
  | {
      view: 'error';
      session: RecoverySession;
      hint: NameHint;
      answer: string;
      /** Above the form. */
      error?: Text;
      /** The answer itself was wrong (INVALID_FULL_NAME): at the field. */
      fieldError?: Text;
    }
  | { view: 'link_sent' };

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
export const RECOVERY_SECRET_PARAMS = [
  'otp',
  'verificationId',
  'phoneNumber',
  'email',
  'csrf',
] as const;

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

/**
 * The login without social buttons, for the same client: the csrf always travels with it. A link
 * that names the account by its e-mail address opens the login's e-mail form (`showEmail`); the
 * address itself stays out of the new address.
 */
export function loginWithoutSocialPath(params: RecoveryParams): string {
  const query = new URLSearchParams();
  if (present(params.csrf)) query.set('csrf', params.csrf);
  if (present(params.clientId)) query.set('clientId', params.clientId);
  query.set('showApple', 'false');
  query.set('showGoogle', 'false');
  if (params.email !== undefined && isEmailAddress(params.email)) query.set('showEmail', 'true');
  return `/login?${query.toString()}`;
}

export const SESSION_UNKNOWN_PATH = '/session_unknown';

/** Where a recovery link leads before anything is fetched. */
/** The pre-rendered state: the address is not read yet. */
export const initialState = (): RecoveryState => ({ view: 'idle' });

export function openState(params: RecoveryParams): RecoveryState {
  const proof = present(params.otp) || present(params.verificationId);
  if (!present(params.phoneNumber)) {
    // Recovery without the phone number (spec section 2): log in, without social buttons. Only
    // an address with no recovery parameter at all is a session that is simply gone.
    const recovery =
      proof || present(params.clientId) || present(params.csrf) || present(params.email);
    return recovery
      ? { view: 'redirect', path: loginWithoutSocialPath(params) }
      : { view: 'no_session' };
  }
  if (!present(params.clientId) || !proof) {
    return { view: 'redirect', path: SESSION_UNKNOWN_PATH };
  }
  return {
    view: 'loading',
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

const isTransport = (failure: ApiFailure) =>
  failure.kind === 'timeout' || failure.kind === 'offline' || failure.kind === 'network';

export function transition(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'opened':
      return state.view === 'idle' ? openState(event.params) : state;
    case 'challengesLoaded': {
      if (state.view !== 'loading') return state;
      const hint = readChallenges(event.answer);
      if (hint === undefined) return { view: 'redirect', path: SESSION_UNKNOWN_PATH };
      if (hint === 'other') return { view: 'not_configured' };
      return { view: 'challenge', session: state.session, hint, answer: '' };
    }
    case 'challengesFailed':
      if (state.view !== 'loading') return state;
      // The spec sends a failed fetch to /session_unknown; a fetch that never reached the server
      // says so and offers a retry instead (nothing is wrong with the link).
      return isTransport(event.failure)
        ? {
            view: 'unreachable',
            session: state.session,
            error: recoveryErrorKey(event.failure),
          }
        : { view: 'redirect', path: SESSION_UNKNOWN_PATH };
    case 'retried':
      return state.view === 'unreachable' ? { view: 'loading', session: state.session } : state;
    case 'answerChanged':
      if (state.view !== 'challenge' && state.view !== 'error') return state;
      return { view: 'challenge', session: state.session, hint: state.hint, answer: event.answer };
    case 'submitted':
      if (state.view !== 'challenge' && state.view !== 'error') return state;
      if (state.answer.trim() === '') {
        return {
          view: 'challenge',
          session: state.session,
          hint: state.hint,
          answer: state.answer,
          fieldError: { key: 'recovery:challenge.required' },
        };
      }
      return {
        view: 'submitting',
        session: state.session,
        hint: state.hint,
        answer: state.answer,
      };
    case 'linkSent':
      return state.view === 'submitting' ? { view: 'link_sent' } : state;
    case 'submitFailed': {
      if (state.view !== 'submitting') return state;
      const message = recoveryErrorKey(event.failure);
      return {
        view: 'error',
        session: state.session,
        hint: state.hint,
        answer: state.answer,
        ...(recoveryCode(event.failure) === 'INVALID_FULL_NAME'
          ? { fieldError: message }
          : { error: message }),
      };
    }
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
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;

  async function load(): Promise<void> {
    const state = flow.get();
    if (state.view !== 'loading') return;
    const { clientId, phoneNumber, otp, verificationId } = state.session;
    const signal = flow.begin();
    try {
      const answer = await deps.fetchChallenges(clientId, {
        phoneNumber,
        ...(otp ? { otp } : {}),
        ...(verificationId ? { verificationId } : {}),
      });
      if (signal.aborted) return;
      dispatch({ type: 'challengesLoaded', answer });
    } catch (error) {
      if (signal.aborted) return;
      dispatch({ type: 'challengesFailed', failure: toFailure(error) });
    }
  }

  // Reactions: leaving for a path; the challenge's page view; the link sent.
  flow.onChange((state, previous) => {
    if (state.view === previous.view) return;
    if (state.view === 'redirect') deps.go(state.path);
    if (state.view === 'challenge' && previous.view === 'loading') deps.track?.('page');
    if (state.view === 'link_sent') deps.track?.('link_sent');
  });

  return {
    ...flow.surface,
    /** Reads the link's parameters once and fetches the challenges. */
    open(params: RecoveryParams): Promise<void> {
      dispatch({ type: 'opened', params });
      return load();
    },
    retry(): Promise<void> {
      dispatch({ type: 'retried' });
      return load();
    },
    setAnswer: (answer: string): void => dispatch({ type: 'answerChanged', answer }),
    async submit(): Promise<void> {
      dispatch({ type: 'submitted' });
      const state = flow.get();
      if (state.view !== 'submitting') return;
      const { clientId, phoneNumber, otp, verificationId } = state.session;
      const signal = flow.begin();
      try {
        await deps.sendNotification(clientId, {
          phoneNumber,
          ...(otp ? { otp } : {}),
          ...(verificationId ? { verificationId } : {}),
          challenges: [
            { challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: state.answer.trim() },
          ],
        });
        if (signal.aborted) return;
        dispatch({ type: 'linkSent' });
      } catch (error) {
        if (signal.aborted) return;
        dispatch({ type: 'submitFailed', failure: toFailure(error) });
      }
    },
  };
}

export type RecoveryFlow = ReturnType<typeof createRecoveryFlow>;
