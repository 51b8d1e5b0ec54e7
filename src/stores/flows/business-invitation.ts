/**
 * Business invitation (spec sections 2, 4 and 8): the signed-in invitee accepts an invitation
 * from a corporate administrator. loading (who is signed in) -> ready -> submitting (accept,
 * then the business portal's role assignment unless the server-to-server roles flag is on) ->
 * redirect to the business web app; or an error of the section 8 table. Not signed in: the
 * authorize flow, once; 'Not now' logs out.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { Invitee } from '../../api/business.ts';
import { transportMessage } from '../../api/error-catalogue.ts';
import type { ApiFailure } from '../../api/errors.ts';
import { ERROR, INVITATION_ERROR_CODES } from '../../contract/errors.ts';
import type { I18nKey, Text } from '../../i18n/types.ts';

export type { Invitee };

/** Every row of spec section 8 'Business invitation errors'. */
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

/** Spec section 8 'Business invitation errors', row by row. */
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

export type LoadFailure = 'offline' | 'network' | 'timeout' | 'server';

export type InvitationState =
  | { step: 'loading' }
  /** Leaving for the authorize flow (sign in, then back here). */
  | { step: 'signin' }
  /** Back from the authorize flow and still not signed in. */
  | { step: 'signin_failed' }
  /** Who is signed in could not be read (not a 401): try again in place. */
  | { step: 'load_failed'; reason: LoadFailure }
  | {
      step: 'ready';
      invitee: Invitee;
      /** A retryable failure of the last attempt. */
      error?: InvitationError;
      /** No server answered it (offline, timeout, dropped, unreadable): says which, instead. */
      noAnswer?: Text;
      /** The invitation is already accepted; only the role assignment is left. */
      processed?: true;
    }
  | { step: 'submitting'; invitee: Invitee; call: InvitationCall }
  | { step: 'failed'; invitee?: Invitee; error: InvitationError }
  /** 'Not now': logging out. */
  | { step: 'leaving' }
  /** Accepted: going to the business web app. */
  | { step: 'redirect' };

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
  | { type: 'accept_failed'; error: InvitationError; noAnswer?: Text | undefined }
  | { type: 'not_now' };

export const INITIAL_INVITATION_STATE: InvitationState = { step: 'loading' };

export function transition(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'code_invalid':
      return state.step === 'loading' ? { step: 'failed', error: 'invalid' } : state;
    case 'user_loaded':
      return state.step === 'loading' ? { step: 'ready', invitee: event.invitee } : state;
    case 'user_unauthorized':
      if (state.step !== 'loading') return state;
      return event.returned ? { step: 'signin_failed' } : { step: 'signin' };
    case 'user_failed':
      return state.step === 'loading' ? { step: 'load_failed', reason: event.reason } : state;
    case 'retry':
      return state.step === 'load_failed' ? { step: 'loading' } : state;
    case 'sign_in':
      return state.step === 'signin_failed' ? { step: 'signin' } : state;
    case 'accept':
      if (state.step !== 'ready') return state;
      return {
        step: 'submitting',
        invitee: state.invitee,
        call: state.processed ? 'role' : 'process',
      };
    case 'processed':
      if (state.step !== 'submitting' || state.call !== 'process') return state;
      return event.skipRole
        ? { step: 'redirect' }
        : { step: 'submitting', invitee: state.invitee, call: 'role' };
    case 'role_assigned':
      return state.step === 'submitting' && state.call === 'role' ? { step: 'redirect' } : state;
    case 'accept_failed':
      if (state.step !== 'submitting') return state;
      if (!isRetryable(event.error)) {
        return { step: 'failed', invitee: state.invitee, error: event.error };
      }
      return {
        step: 'ready',
        invitee: state.invitee,
        error: event.error,
        ...(event.noAnswer ? { noAnswer: event.noAnswer } : {}),
        ...(state.call === 'role' ? { processed: true as const } : {}),
      };
    case 'not_now':
      return state.step === 'ready' || state.step === 'failed' || state.step === 'signin_failed'
        ? { step: 'leaving' }
        : state;
  }
}

/** A code from the path that can be sent at all (the shell's own `_` is not one). */
export function isPlausibleCode(code: string | undefined): code is string {
  return code !== undefined && code !== '_' && code.length <= 256 && /^[\x21-\x7e]+$/.test(code);
}

export function loadFailure(failure: ApiFailure): LoadFailure | 'unauthorized' {
  switch (failure.kind) {
    case 'offline':
    case 'network':
    case 'timeout':
      return failure.kind;
    case 'malformed':
      return 'server';
    case 'http':
      return failure.status === 401 ? 'unauthorized' : 'server';
  }
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
  const $state = atom<InvitationState>(INITIAL_INVITATION_STATE);
  let destroyed = false;
  let viewed = false;

  const dispatch = (event: InvitationEvent) => {
    if (!destroyed) $state.set(transition($state.get(), event));
  };

  // Reactions: analytics and navigations, never inside the actions.
  const unbind = $state.listen((state) => {
    switch (state.step) {
      case 'ready':
        if (!viewed) {
          viewed = true;
          deps.pageView();
        }
        if (state.error) deps.track('business_invitation_error', { reason: state.error });
        break;
      case 'failed':
        deps.track('business_invitation_error', { reason: state.error });
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

  async function accept(): Promise<void> {
    const code = deps.code;
    if ($state.get().step !== 'ready' || !isPlausibleCode(code)) return;
    dispatch({ type: 'accept' });
    let state = $state.get();
    if (state.step === 'submitting' && state.call === 'process') {
      try {
        await deps.accept(code, state.invitee);
      } catch (error) {
        const failure = deps.toFailure(error);
        dispatch({
          type: 'accept_failed',
          error: invitationError(failure, 'process'),
          noAnswer: transportMessage(failure),
        });
        return;
      }
      const skipRole = await deps.skipRoleCall().catch(() => false);
      dispatch({ type: 'processed', skipRole });
      state = $state.get();
    }
    if (state.step === 'submitting' && state.call === 'role') {
      try {
        await deps.assignRole(code);
      } catch (error) {
        const failure = deps.toFailure(error);
        dispatch({
          type: 'accept_failed',
          error: invitationError(failure, 'role'),
          noAnswer: transportMessage(failure),
        });
        return;
      }
      dispatch({ type: 'role_assigned' });
    }
  }

  return {
    $state: $state as ReadableAtom<InvitationState>,
    start: () => void load(),
    retry: () => {
      if ($state.get().step !== 'load_failed') return;
      dispatch({ type: 'retry' });
      void load();
    },
    signIn: () => dispatch({ type: 'sign_in' }),
    accept,
    notNow: () => dispatch({ type: 'not_now' }),
    destroy: () => {
      destroyed = true;
      unbind();
    },
  };
}

export type BusinessInvitationFlow = ReturnType<typeof createBusinessInvitationFlow>;
