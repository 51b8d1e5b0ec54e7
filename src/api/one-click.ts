/**
 * One-click checkout calls (rows of src/contract/operations.ts): the one-click login (an OTP challenge or a push
 * approval request), the approval status poll, and the proof token once the request is confirmed
 * (at the spec's `/login/approve-request/{id}/proof`, beside the poll). Failures are `ApiError`s
 * (./errors.ts).
 */
import { HEADER } from '../contract/headers.ts';
import {
  APPROVE_REQUEST_PROOF_PATH,
  APPROVE_REQUEST_VERIFY_PATH,
  ONE_CLICK_LOGIN_PATH,
  type ApprovalToken,
  type ApproveRequestStatusResponse,
  type ApproveStatus,
  type OneClickLoginBody,
  type OneClickLoginResponse,
  type ProofBody,
  type TokenResponse,
} from '../contract/identity-api.ts';
import { fillPath } from '../contract/path.ts';
import { identityApiCall } from './identity-headers.ts';

export type { ApprovalToken, ApproveStatus, OneClickLoginBody };

export interface OneClickContext {
  /** The client the identity service signs the shopper in to (`x-idp-client-id`). */
  idpClientId?: string | undefined;
}

export type OneClickAnswer = { kind: 'otp' } | { kind: 'push'; approval: ApprovalToken };

export function isApprovalToken(answer: OneClickLoginResponse): answer is ApprovalToken {
  return 'id' in answer && typeof answer.id === 'string' && answer.id !== '';
}

/**
 * The one-click login. `idempotencyKey` names the attempt: the client's own retries of a dropped
 * call, and a retry the shopper asks for after one, send the same key, so the back end sends one
 * push, not two.
 */
export async function oneClickLogin(
  body: OneClickLoginBody,
  context: OneClickContext & { idempotencyKey: string },
): Promise<OneClickAnswer> {
  const answer = await identityApiCall<OneClickLoginResponse>(ONE_CLICK_LOGIN_PATH, {
    method: 'POST',
    body,
    // Safe to repeat: the idempotency key makes the back end answer a repeat with the first answer.
    idempotent: true,
    headers: {
      [HEADER.idpClientId]: context.idpClientId,
      [HEADER.idempotencyKey]: context.idempotencyKey,
    },
  });
  if (isApprovalToken(answer)) return { kind: 'push', approval: answer };
  return { kind: 'otp' };
}

/** One poll of the approval request: 'pending', 'confirmed' or 'rejected'. */
export async function approvalStatus(id: string, signal?: AbortSignal): Promise<ApproveStatus> {
  const answer = await identityApiCall<ApproveRequestStatusResponse>(
    fillPath(APPROVE_REQUEST_VERIFY_PATH, { id }),
    // The poll itself is the retry: a failed poll waits for the next one.
    { idempotent: false, ...(signal ? { signal } : {}) },
  );
  return answer.data.status;
}

/** The proof token of a confirmed request, for the identity service's /login form. */
export async function oneClickProof(
  id: string,
  profiling: ProofBody['profiling'],
  context: OneClickContext,
): Promise<string> {
  const body: ProofBody = { profiling };
  const answer = await identityApiCall<TokenResponse>(
    fillPath(APPROVE_REQUEST_PROOF_PATH, { id }),
    {
      method: 'POST',
      body,
      headers: { [HEADER.idpClientId]: context.idpClientId },
    },
  );
  return answer.token;
}
