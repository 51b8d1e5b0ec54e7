/**
 * Identity API: one-time codes, sent by SMS, voice call or e-mail (to the outbox) and verified;
 * a verified code gives the id that a login or a sign-up then proves (`checkOtpProof`).
 */
import { Hono } from 'hono';
import type { ErrorBody, OtpErrorMessage } from '../../src/contract/errors.ts';
import {
  OTP_SEND_PATH,
  OTP_VERIFY_PATH,
  OtpSendBody,
  OtpVerifyBody,
  type OtpSendResponse,
} from '../../src/contract/identity-api.ts';
import { fail, failWait, jsonBody } from '../errors.ts';
import { assertReachable, header, pageOrigin } from '../http.ts';
import { normalizeIdentifier, sendToOutbox, userByEmail, userByPhone } from '../queries.ts';
import {
  OTP_MAX_WRONG,
  OTP_RATE_LIMIT_WAIT_S,
  OTP_RESEND_S,
  OTP_VALIDITY_MS,
  type Sandbox,
} from '../state.ts';

const INVALID_IDENTIFIER: ErrorBody = {
  error: 'invalid_phone_number',
  error_code: 'PN-0001',
  message: 'INVALID_PHONE_NUMBER',
};

function otpError(message: OtpErrorMessage, status: 400 | 429 = 400, errorCode?: string): never {
  fail(status, {
    error: message.toLowerCase(),
    message,
    ...(errorCode ? { error_code: errorCode } : {}),
  });
}

/**
 * The text of a code. An SMS ends with the origin-bound line of the WebOTP / one-time-code
 * standard, `@{host} #{code}`, so Android's WebOTP and Safari's code autofill offer it on that host
 * only (the API is same-origin in the sandbox: the request's host is the page's).
 */
export function codeMessage(channel: 'sms' | 'voice' | 'email', code: string, host: string) {
  const text = `Your Masar verification code is ${code}. It expires in 5 minutes.`;
  return channel === 'sms' ? `${text}\n\n@${host} #${code}` : text;
}

export function otpRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  app.post(OTP_SEND_PATH, async (c) => {
    const body = await jsonBody(c, OtpSendBody);
    const identifier = normalizeIdentifier(body.identifier);
    if (!identifier || identifier.includes('@') !== (body.type === 'EMAIL'))
      fail(400, INVALID_IDENTIFIER);
    assertReachable(identifier);
    const user = identifier.includes('@')
      ? userByEmail(sandbox, identifier)
      : userByPhone(sandbox, identifier);
    if (user?.otpRateLimited) {
      failWait(
        429,
        {
          error: 'error_rate_limit_reached',
          message: 'ERROR_RATE_LIMIT_REACHED',
          error_code: 'APP-0020',
        },
        OTP_RATE_LIMIT_WAIT_S,
      );
    }
    const code = sandbox.codeFor(identifier);
    const otp = { identifier, code, createdAt: sandbox.now(), wrong: 0, locked: false };
    const deviceId = header(c, 'deviceId');
    state.otps.set(identifier, deviceId ? { ...otp, deviceId } : otp);
    const channel = body.type === 'EMAIL' ? 'email' : body.type === 'VOICE' ? 'voice' : 'sms';
    sendToOutbox(sandbox, {
      channel,
      to: identifier,
      text: codeMessage(channel, code, new URL(pageOrigin(c)).host),
      code,
    });
    const answer: OtpSendResponse = {
      data: { expires_in: OTP_VALIDITY_MS / 1000, resend_in: OTP_RESEND_S },
    };
    return c.json(answer);
  });

  app.post(OTP_VERIFY_PATH, async (c) => {
    const body = await jsonBody(c, OtpVerifyBody);
    const identifier = normalizeIdentifier(body.identifier);
    if (!identifier) fail(400, INVALID_IDENTIFIER);
    assertReachable(identifier);
    const otp = state.otps.get(identifier);
    if (!otp) otpError('ERROR_SESSION_EXPIRED');
    if (otp.locked) otpError('ERROR_MAX_VALIDATIONS_REACHED');
    if (sandbox.now() - otp.createdAt > OTP_VALIDITY_MS) {
      state.otps.delete(identifier);
      otpError('ERROR_SESSION_EXPIRED');
    }
    if (body.code.trim() !== otp.code) {
      otp.wrong += 1;
      if (otp.wrong >= OTP_MAX_WRONG) {
        otp.locked = true;
        otpError('ERROR_MAX_VALIDATIONS_REACHED');
      }
      otpError('ERROR_INVALID_PIN_CODE');
    }
    state.otps.delete(identifier);
    const id = sandbox.id('otpv');
    state.verifications.set(id, { id, identifier, createdAt: sandbox.now(), used: false });
    return c.json({ data: { id } });
  });

  return app;
}
