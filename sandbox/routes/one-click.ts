/**
 * Identity API: one-click checkout login, the push approval requests it creates, and their proof
 * tokens. Every push carries a number challenge (two digits, `number_challenge`) that the app must
 * be given to approve, and names the merchant and promo of the checkout as its merchant registered
 * it (personas.ts, CHECKOUTS; security review, L7), never as the shopper's address says. The
 * sandbox 'phone' decides by itself for personas 11 (approve, with the right number) and 12
 * (reject) 3 s after the push; `POST /_sandbox/push/{id}/approve|reject` decides for any request.
 * A login repeated with the same `Idempotency-Key` gets the first answer and sends no second push.
 */
import { randomInt } from 'node:crypto';
import { Hono } from 'hono';
import {
  APPROVE_REQUEST_PROOF_PATH,
  APPROVE_REQUEST_VERIFY_PATH,
  ONE_CLICK_LOGIN_PATH,
  OneClickLoginBody,
  ProofBody,
  type ApproveRequestStatusResponse,
  type OneClickLoginResponse,
} from '../../src/contract/identity-api.ts';
import { fail, jsonBody } from '../errors.ts';
import { header, honoPath, requirePhone, param } from '../http.ts';
import { PUSH_AUTO_DECISION_MS, type PushRequest, type Sandbox } from '../state.ts';
import { CHECKOUTS } from '../personas.ts';
import { issueProof, pushRequest, sendToOutbox, userByPhone } from '../queries.ts';

const MAX_IDEMPOTENCY_KEYS = 1000;

/** The approval token of a push: its id, its number, and the checkout as the server knows it. */
function approvalOf(request: PushRequest): OneClickLoginResponse {
  return {
    id: request.id,
    web_deeplink: `masar://login/approve-request/${request.id}`,
    ...(request.number ? { number_challenge: request.number } : {}),
    ...request.checkout,
  };
}

export function oneClickRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  app.post(ONE_CLICK_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, OneClickLoginBody);
    const phone = requirePhone(body.phone_number);
    const user = userByPhone(sandbox, phone);
    if (!user) {
      fail(400, {
        error: 'invalid_user',
        error_message: 'We could not find an account for this phone number',
      });
    }
    if (user.status === 'blocked') {
      fail(400, {
        error: 'user_blocked',
        additional_information: { error_code: 'US-0068' },
        error_message: 'USER_BLOCKED',
      });
    }
    if (!user.oneClick || user.oneClick === 'otp') {
      const answer: OneClickLoginResponse = { auth_challenge: 'OTP' };
      return c.json(answer);
    }
    // The same attempt again (same Idempotency-Key): the first answer, and no second push.
    const key = header(c, 'idempotencyKey');
    const earlier = key ? state.oneClickAnswers.get(key) : undefined;
    const repeated = earlier && earlier.phone === phone && state.pushes.get(earlier.requestId);
    if (repeated) return c.json(approvalOf(repeated));
    const id = sandbox.id('apr');
    const request: PushRequest = {
      id,
      phone,
      sub: user.sub,
      createdAt: sandbox.now(),
      status: 'pending',
      proofIssued: false,
      number: String(randomInt(10, 100)),
    };
    // The merchant and promo of the checkout its merchant registered, never the address's (L7).
    const invoice = body.external_params?.['invoice_id'] ?? '';
    const checkout = Object.hasOwn(CHECKOUTS, invoice) ? CHECKOUTS[invoice] : undefined;
    if (checkout) request.checkout = checkout;
    if (user.oneClick !== 'pending') {
      request.auto = {
        at: request.createdAt + PUSH_AUTO_DECISION_MS,
        status: user.oneClick === 'approve' ? 'confirmed' : 'rejected',
      };
    }
    state.pushes.set(id, request);
    if (key) {
      if (state.oneClickAnswers.size >= MAX_IDEMPOTENCY_KEYS) state.oneClickAnswers.clear();
      state.oneClickAnswers.set(key, { phone, requestId: id });
    }
    const merchant = checkout?.merchant ?? 'a merchant';
    sendToOutbox(sandbox, {
      channel: 'push',
      to: phone,
      text: `Is it you? Confirm your checkout at ${merchant} by picking ${request.number}.`,
      requestId: id,
      number: request.number,
    });
    return c.json(approvalOf(request));
  });

  app.get(honoPath(APPROVE_REQUEST_VERIFY_PATH), (c) => {
    const request = pushRequest(sandbox, param(c, 'id'));
    if (!request) fail(404, { error: 'not_found', error_description: 'Unknown approval request' });
    const answer: ApproveRequestStatusResponse = { data: { status: request.status } };
    return c.json(answer);
  });

  // The proof of a confirmed request, at the spec's path beside the poll (one-click's push).
  app.post(honoPath(APPROVE_REQUEST_PROOF_PATH), async (c) => {
    await jsonBody(c, ProofBody);
    const request = pushRequest(sandbox, param(c, 'id'));
    if (!request) fail(404, { error: 'not_found', error_description: 'Unknown approval request' });
    if (request.status === 'pending') {
      fail(400, { error: 'request_pending', error_message: 'The request is not approved yet' });
    }
    if (request.status === 'rejected') {
      fail(400, { error: 'request_rejected', error_message: 'The request was rejected' });
    }
    if (request.proofIssued) {
      fail(400, { error: 'request_used', error_message: 'A proof token was already issued' });
    }
    request.proofIssued = true;
    // Approved in the app on the person's phone: a key the app keeps in software.
    return c.json({ token: issueProof(sandbox, request.sub, header(c, 'idpClientId'), ['swk']) });
  });

  return app;
}
