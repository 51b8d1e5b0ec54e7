/**
 * Identity API: recovery. The challenges of a recovery session, the answer that sends a reset
 * link by SMS, the wider recovery form's answer that gives a reset token, and the new password.
 */
import { Hono } from 'hono';
import type { RecoveryErrorMessage } from '../../src/contract/errors.ts';
import {
  RECOVERY_CHALLENGES_PATH,
  RECOVERY_NOTIFICATION_PATH,
  RECOVERY_PASSWORD_PATH,
  RECOVERY_TOKEN_PATH,
  RecoveryChallengesQuery,
  RecoveryNotificationBody,
  RecoveryPasswordBody,
  RecoveryTokenBody,
  type RecoveryChallengeId,
  type RecoveryChallengesResponse,
  type RecoveryTokenResponse,
} from '../../src/contract/identity-api.ts';
import { fail, jsonBody, queryOf } from '../errors.ts';
import { honoPath, param, requirePhone, siteUrl } from '../http.ts';
import { NATIONAL_ID_RECOVERY_CLIENT } from '../personas.ts';
import {
  checkOtpProof,
  flagsOf,
  maskName,
  sameName,
  sendToOutbox,
  userByPhone,
} from '../queries.ts';
import { RESET_VALIDITY_MS, type Sandbox, type User } from '../state.ts';

function recoveryError(status: 400 | 404, message: RecoveryErrorMessage): never {
  fail(status, { error: message, message });
}

/**
 * The server's own check of the reset rules of src/lib/password-rules.ts, written apart so that a
 * front-end slip shows: letters and digits of any script count.
 */
function meetsResetRules(password: string): boolean {
  return (
    [...password].length >= 8 &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    !/\s/u.test(password)
  );
}

const MISMATCH: Record<RecoveryChallengeId, RecoveryErrorMessage> = {
  FULL_NAME_CHALLENGE: 'INVALID_FULL_NAME',
  NATIONAL_ID_CHALLENGE: 'INVALID_NATIONAL_ID',
  EMAIL_CHALLENGE: 'INVALID_EMAIL',
};

/**
 * Whether a recovery answer matches the records of the phone's user: names and e-mails
 * regardless of case and spacing, national ids by their digits.
 */
function answerMatches(user: User, id: RecoveryChallengeId, answer: string): boolean {
  switch (id) {
    case 'FULL_NAME_CHALLENGE':
      return sameName(answer, user.fullName);
    case 'EMAIL_CHALLENGE':
      return !!user.email && answer.trim().toLowerCase() === user.email;
    case 'NATIONAL_ID_CHALLENGE': {
      const digits = (value: string) => value.replace(/\D/gu, '');
      return (
        !!user.nationalId && digits(answer) !== '' && digits(answer) === digits(user.nationalId)
      );
    }
  }
}

export function recoveryRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  /** A reset token for the user, valid for RESET_VALIDITY_MS and good once. */
  function issueReset(user: User): string {
    const token = sandbox.id('reset');
    state.resets.set(token, {
      token,
      sub: user.sub,
      expiresAt: sandbox.now() + RESET_VALIDITY_MS,
      used: false,
    });
    return token;
  }

  /** The user of a recovery request whose OTP (code or verification id) is good. */
  function recoveryUser(
    phoneNumber: string,
    otp: string | undefined,
    verificationId: string | undefined,
  ): User {
    const phone = requirePhone(phoneNumber);
    const proof = verificationId ?? otp;
    if (!proof) recoveryError(400, 'INVALID_OTP');
    const user = userByPhone(sandbox, phone);
    if (!user) recoveryError(404, 'USER_NOT_FOUND');
    if (!checkOtpProof(sandbox, phone, proof, false)) recoveryError(400, 'INVALID_OTP');
    return user;
  }

  app.get(honoPath(RECOVERY_CHALLENGES_PATH), (c) => {
    const query = queryOf(c, RecoveryChallengesQuery);
    const user = recoveryUser(query.phoneNumber, query.otp, query.verificationId);
    const answer: RecoveryChallengesResponse =
      param(c, 'clientId') === NATIONAL_ID_RECOVERY_CLIENT
        ? { challenges: [{ challengeIdentifier: 'NATIONAL_ID_CHALLENGE' }] }
        : {
            challenges: [
              {
                challengeIdentifier: 'FULL_NAME_CHALLENGE',
                hint: {
                  maskedFullName: maskName(user.fullName),
                  dir: /[\u0590-\u08ff]/u.test(user.fullName) ? 'rtl' : 'ltr',
                },
              },
            ],
          };
    return c.json(answer);
  });

  app.post(honoPath(RECOVERY_NOTIFICATION_PATH), async (c) => {
    const body = await jsonBody(c, RecoveryNotificationBody);
    const user = recoveryUser(body.phoneNumber, body.otp, body.verificationId);
    const nationalId = param(c, 'clientId') === NATIONAL_ID_RECOVERY_CLIENT;
    for (const answer of body.challenges) {
      const id = nationalId ? 'NATIONAL_ID_CHALLENGE' : answer.challengeIdentifier;
      if (!answerMatches(user, id, answer.challengeAnswer)) recoveryError(400, MISMATCH[id]);
    }
    checkOtpProof(sandbox, user.phone ?? '', body.verificationId ?? body.otp ?? '', true);
    const token = issueReset(user);
    const link = siteUrl(c, `/password/${token}`);
    sendToOutbox(sandbox, {
      channel: 'sms',
      to: user.phone ?? '',
      text: `Reset your Masar password: ${link}`,
      link,
    });
    return c.json({});
  });

  /**
   * The wider recovery form: a verified code plus one answer gives a reset token. Once the code
   * is good, an unknown number fails like a wrong answer (no account enumeration).
   */
  app.post(honoPath(RECOVERY_TOKEN_PATH), async (c) => {
    const body = await jsonBody(c, RecoveryTokenBody);
    const phone = requirePhone(body.phoneNumber);
    const proof = body.verificationId ?? body.otp;
    if (!proof || !checkOtpProof(sandbox, phone, proof, false)) recoveryError(400, 'INVALID_OTP');
    const user = userByPhone(sandbox, phone);
    for (const answer of body.challenges) {
      const id = answer.challengeIdentifier;
      if (!user || !answerMatches(user, id, answer.challengeAnswer))
        recoveryError(400, MISMATCH[id]);
    }
    if (!user) recoveryError(400, 'INVALID_OTP');
    checkOtpProof(sandbox, phone, proof, true);
    const token = issueReset(user);
    const answer: RecoveryTokenResponse = { token };
    return c.json(answer);
  });

  app.put(honoPath(RECOVERY_PASSWORD_PATH), async (c) => {
    const body = await jsonBody(c, RecoveryPasswordBody);
    const reset = state.resets.get(body.token);
    if (!reset || reset.used || sandbox.now() >= reset.expiresAt) {
      recoveryError(400, 'INVALID_RESET_TOKEN');
    }
    if (flagsOf(sandbox).recaptchaV2 && !body.recaptchaToken)
      recoveryError(400, 'INVALID_RECAPTCHA');
    if (!meetsResetRules(body.password)) {
      fail(400, { error: 'INVALID_PASSWORD', error_code: 'US-0067', message: 'INVALID_PASSWORD' });
    }
    const user = state.users.get(reset.sub);
    if (!user) recoveryError(400, 'INVALID_RESET_TOKEN');
    reset.used = true;
    user.password = body.password;
    user.wrongPasswords = 0;
    delete user.blockedUntil;
    // Payments paused by 'This wasn't me' (../secure-account.ts) resume with the new password.
    user.paymentsFrozen = false;
    return c.json({});
  });

  return app;
}
