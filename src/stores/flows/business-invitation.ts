/**
 * Business invitation: the signed-in invitee accepts an invitation from a corporate
 * administrator. loading (who is signed in) -> ready -> submitting (accept, then the business
 * portal's role assignment unless the server-to-server roles flag is on) -> redirect to the
 * business web app; or one of the errors of `invitationError`. Not signed in: the authorize flow,
 * once; 'Not now' logs out.
 */
import type { Invitee } from '../../api/business.ts';
import { transportMessage } from '../../api/transport-message.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { ERROR, INVITATION_ERROR_CODES } from '../../contract/errors.ts';
import type { I18nKey, Text } from '../../i18n/types.ts';
import { createFlow } from './create-flow.ts';
import { signedInActions, signedInFailure, type LoadFailure } from './signed-in.ts';

export type { LoadFailure };

export type { Invitee };

/** Every way an invitation can fail, each with its own message. */
export const INVITATION_ERRORS = [
  'unauthorized',
  'not_found',
  'expired',
  'already_used',
  'inactivated',
  'revoked',
  'cancelled',
  'rejected',
  'bad_shape',
  'invalid',
  'mot_failed',
  'unknown',
] as const;
export type InvitationError = (typeof INVITATION_ERRORS)[number];

export const INVITATION_ERROR_KEYS = {
  unauthorized: 'invitation:error.unauthorized',
  not_found: 'invitation:error.notFound',
  expired: 'invitation:error.expired',
  already_used: 'invitation:error.alreadyUsed',
  inactivated: 'invitation:error.inactivated',
  revoked: 'invitation:error.revoked',
  cancelled: 'invitation:error.cancelled',
  rejected: 'invitation:error.rejected',
  bad_shape: 'invitation:error.badShape',
  invalid: 'invitation:error.invalid',
  mot_failed: 'invitation:error.motFailed',
  unknown: 'invitation:error.unknown',
} as const satisfies Record<InvitationError, I18nKey>;

/** Only an unknown failure (network, timeout, 5xx) may succeed on a second try. */
export function isRetryable(error: InvitationError): boolean {
  return error === 'unknown';
}

/** The call that failed: accepting the invitation, or the role assignment (mot auth). */
export type InvitationCall = 'process' | 'role';

/**
 * Which error a failed call is: no answer or a 5xx is unknown (retryable); `mot_request_failed`
 * or a failed role assignment is mot_failed; 401 unauthorized; 404 not found; a 400 by its
 * `error_code` (BU-0010 expired ... BU-0016 bad shape; any other code invalid).
 */
export function invitationError(failure: ApiFailure, call: InvitationCall): InvitationError {
  if (failure.kind !== 'http') return 'unknown';
  const body = failure.body;
  if (body?.error === ERROR.motRequestFailed) return 'mot_failed';
  if (failure.status === 401) return 'unauthorized';
  // The role assignment failed: the business portal could not give the invitee a role.
  if (call === 'role') return 'mot_failed';
  if (failure.status === 404) return 'not_found';
  if (failure.status === 400) {
    const code = body?.error_code ?? body?.errorCode;
    return typeof code === 'string' && Object.hasOwn(INVITATION_ERROR_CODES, code)
      ? INVITATION_ERROR_CODES[code as keyof typeof INVITATION_ERROR_CODES]
      : 'invalid';
  }
  return 'unknown';
}

export type InvitationState =
  | { view: 'loading' }
  /** Leaving for the authorize flow (sign in, then back here). */
  | { view: 'signin' }
  /** Back from the authorize flow and still not signed in. */
  | { view: 'signin_failed' }
  /** Who is signed in could not be read (not a 401): try again in place. */
  | { view: 'load_failed'; reason: LoadFailure }
  | {
      view: 'ready';
      invitee: Invitee;
      /** A retryable failure of the last attempt. */
      reason?: InvitationError;
      /** Its message; when no server answered (offline, timeout, dropped), which of those. */
      error?: Text;
      /** The invitation is already accepted; only the role assignment is left. */
      processed?: true;
    }
  | { view: 'submitting'; invitee: Invitee; call: InvitationCall }
  | { view: 'failed'; invitee?: Invitee; reason: InvitationError; error: Text }
  /** 'Not now': logging out. */
  | { view: 'leaving' }
  /** Accepted: going to the business web app. */
  | { view: 'redirect' };

export type InvitationEvent =
  | { type: 'code_invalid' }
  | { type: 'user_loaded'; invitee: Invitee }
  | { type: 'user_unauthorized'; returned: boolean }
  | { type: 'user_failed'; reason: LoadFailure }
  | { type: 'retry' }
  | { type: 'sign_in' }
  | { type: 'accept' }
  | { type: 'processed'; skipRole: boolean }
  | { type: 'role_assigned' }
  | { type: 'accept_failed'; reason: InvitationError; noAnswer?: Text | undefined }
  | { type: 'not_now' };

export const initialState = (): InvitationState => ({ view: 'loading' });

const messageOf = (reason: InvitationError): Text => ({ key: INVITATION_ERROR_KEYS[reason] });

export function transition(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'code_invalid':
      return state.view === 'loading'
        ? { view: 'failed', reason: 'invalid', error: messageOf('invalid') }
        : state;
    case 'user_loaded':
      return state.view === 'loading' ? { view: 'ready', invitee: event.invitee } : state;
    case 'user_unauthorized':
      if (state.view !== 'loading') return state;
      return event.returned ? { view: 'signin_failed' } : { view: 'signin' };
    case 'user_failed':
      return state.view === 'loading' ? { view: 'load_failed', reason: event.reason } : state;
    case 'retry':
      return state.view === 'load_failed' ? { view: 'loading' } : state;
    case 'sign_in':
      return state.view === 'signin_failed' ? { view: 'signin' } : state;
    case 'accept':
      if (state.view !== 'ready') return state;
      return {
        view: 'submitting',
        invitee: state.invitee,
        call: state.processed ? 'role' : 'process',
      };
    case 'processed':
      if (state.view !== 'submitting' || state.call !== 'process') return state;
      return event.skipRole
        ? { view: 'redirect' }
        : { view: 'submitting', invitee: state.invitee, call: 'role' };
    case 'role_assigned':
      return state.view === 'submitting' && state.call === 'role' ? { view: 'redirect' } : state;
    case 'accept_failed':
      if (state.view !== 'submitting') return state;
      if (!isRetryable(event.reason)) {
        const { reason } = event;
        return { view: 'failed', invitee: state.invitee, reason, error: messageOf(reason) };
      }
      return {
        view: 'ready',
        invitee: state.invitee,
        reason: event.reason,
        error: event.noAnswer ?? messageOf(event.reason),
        ...(state.call === 'role' ? { processed: true as const } : {}),
      };
    case 'not_now':
      return state.view === 'ready' || state.view === 'failed' || state.view === 'signin_failed'
        ? { view: 'leaving' }
        : state;
  }
}

/** A code from the path that can be sent at all (the shell's own `_` is not one). */
export function isPlausibleCode(code: string | undefined): code is string {
  return code !== undefined && code !== '_' && code.length <= 256 && /^[\x21-\x7e]+$/.test(code);
}

/** Who is signed in could not be read: a 401 is no sign-in. */
export function loadFailure(failure: ApiFailure): LoadFailure | 'unauthorized' {
  const reason = signedInFailure(failure, [401]);
  return reason === 'refused' ? 'unauthorized' : reason;
}

export interface BusinessInvitationDeps {
  /** The invitation code from the path. */
  code: string | undefined;
  /** True when this page load came back from the authorize flow. */
  returned: boolean;
  fetchInvitee: () => Promise<Invitee>;
  accept: (code: string, invitee: Invitee) => Promise<unknown>;
  assignRole: (code: string) => Promise<void>;
  /** The server-to-server roles flag (`businessInvitationS2SRoles`). */
  skipRoleCall: () => Promise<boolean>;
  toFailure: (error: unknown) => ApiFailure;
  /** Navigations (reactions to the redirect, signin and leaving steps). */
  goToBusinessApp: () => void;
  goToSignIn: () => void;
  logOut: () => void;
  /** Analytics (no personal data: the flow sends step names and error kinds only). */
  track: (name: string, properties?: Record<string, string>) => void;
  pageView: () => void;
}

export function createBusinessInvitationFlow(deps: BusinessInvitationDeps) {
  const flow = createFlow({ initial: initialState(), transition });
  const { dispatch } = flow;
  let viewed = false;

  // Reactions: analytics and navigations, never inside the actions.
  flow.onChange((state) => {
    switch (state.view) {
      case 'ready':
        if (!viewed) {
          viewed = true;
          deps.pageView();
        }
        if (state.reason) deps.track('business_invitation_error', { reason: state.reason });
        break;
      case 'failed':
        deps.track('business_invitation_error', { reason: state.reason });
        break;
      case 'redirect':
        deps.track('business_invitation_accepted');
        deps.goToBusinessApp();
        break;
      case 'signin':
        deps.track('business_invitation_sign_in');
        deps.goToSignIn();
        break;
      case 'leaving':
        deps.track('business_invitation_not_now');
        deps.logOut();
        break;
      default:
        break;
    }
  });

  async function load(): Promise<void> {
    if (!isPlausibleCode(deps.code)) {
      dispatch({ type: 'code_invalid' });
      return;
    }
    try {
      const invitee = await deps.fetchInvitee();
      dispatch({ type: 'user_loaded', invitee });
    } catch (error) {
      const reason = loadFailure(deps.toFailure(error));
      if (reason === 'unauthorized')
        dispatch({ type: 'user_unauthorized', returned: deps.returned });
      else dispatch({ type: 'user_failed', reason });
    }
  }

  /** One call of the acceptance; a failure is dispatched and ends it (false). */
  async function acceptCall(call: InvitationCall, run: () => Promise<unknown>): Promise<boolean> {
    try {
      await run();
      return true;
    } catch (error) {
      const failure = deps.toFailure(error);
      dispatch({
        type: 'accept_failed',
        reason: invitationError(failure, call),
        noAnswer: transportMessage(failure),
      });
      return false;
    }
  }

  async function accept(): Promise<void> {
    const code = deps.code;
    if (flow.get().view !== 'ready' || !isPlausibleCode(code)) return;
    dispatch({ type: 'accept' });
    let state = flow.get();
    if (state.view === 'submitting' && state.call === 'process') {
      const { invitee } = state;
      if (!(await acceptCall('process', () => deps.accept(code, invitee)))) return;
      const skipRole = await deps.skipRoleCall().catch(() => false);
      dispatch({ type: 'processed', skipRole });
      state = flow.get();
    }
    if (state.view === 'submitting' && state.call === 'role') {
      if (!(await acceptCall('role', () => deps.assignRole(code)))) return;
      dispatch({ type: 'role_assigned' });
    }
  }

  return {
    ...flow.surface,
    ...signedInActions(() => flow.get().view, dispatch, load),
    accept,
    notNow: () => dispatch({ type: 'not_now' }),
  };
}

export type BusinessInvitationFlow = ReturnType<typeof createBusinessInvitationFlow>;
