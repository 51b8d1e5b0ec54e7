/**
 * Identity API: client data, recovery, link tokens (profile, corporate), alerts. The logins, OTP
 * and one-click calls of the same back end are in ./login.ts and ./one-click.ts.
 */
import { Hono } from 'hono';
import { CLIENT_PATH } from '../../src/contract/shell.ts';
import {
  ALERT_ACKNOWLEDGEMENT_PATH,
  ALERT_PATH,
  CORPORATE_INVITATION_PATH,
  CORPORATE_VERIFY_EMAIL_PATH,
  PROFILE_CONFIRM_PATH,
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
import type { RecoveryErrorMessage } from '../../src/contract/errors.ts';
import { fail, internalError, jsonBody, queryOf } from '../errors.ts';
import { honoPath, requirePhone, siteUrl, param } from '../http.ts';
import {
  ALERT_ERROR,
  CLIENTS,
  CORPORATE_TOKENS,
  NATIONAL_ID_RECOVERY_CLIENT,
} from '../personas.ts';
import { RESET_VALIDITY_MS, type Sandbox, type User } from '../state.ts';
import { checkOtpProof, flagsOf, maskName, sendToOutbox, userByPhone } from '../queries.ts';

function recoveryError(status: 400 | 404, message: RecoveryErrorMessage): never {
  fail(status, { error: message, message });
}

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/gu, ' ').toLocaleLowerCase() ===
  b.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();

/** Passwords of the reset rules (src/lib/password-rules.ts); letters and digits of any script count. */
export function meetsResetRules(password: string): boolean {
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

export function identityApiRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  app.get(honoPath(CLIENT_PATH), (c) => {
    const client = CLIENTS.find((item) => item.clientId === param(c, 'clientId'));
    if (!client) fail(404, { error: 'not_found', error_description: 'Unknown client' });
    return c.json(client);
  });

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
    const token = sandbox.id('reset');
    state.resets.set(token, {
      token,
      sub: user.sub,
      expiresAt: sandbox.now() + RESET_VALIDITY_MS,
      used: false,
    });
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
    const token = sandbox.id('reset');
    state.resets.set(token, {
      token,
      sub: user.sub,
      expiresAt: sandbox.now() + RESET_VALIDITY_MS,
      used: false,
    });
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
    return c.json({});
  });

  app.post(honoPath(PROFILE_CONFIRM_PATH), (c) => {
    const token = state.profileTokens.get(param(c, 'token'));
    if (token?.fails) {
      fail(500, {
        error: 'internal_error',
        error_code: 'APP-0001',
        message: 'INTERNAL_SERVER_ERROR',
        support_code: `SBX-${sandbox.id('sc').slice(3, 11).toUpperCase()}`,
      });
    }
    if (!token || token.used || sandbox.now() >= token.expiresAt) {
      fail(400, {
        error: 'invalid_token',
        error_code: 'US-0002',
        message: 'The update link is invalid or has expired',
      });
    }
    token.used = true;
    return c.json({});
  });

  const corporate = (token: string) => {
    if (token !== CORPORATE_TOKENS.valid) {
      fail(400, { error: 'invalid_token', message: 'INVALID_TOKEN' });
    }
  };
  app.post(honoPath(CORPORATE_INVITATION_PATH), (c) => {
    corporate(param(c, 'token'));
    return c.json({});
  });
  app.post(honoPath(CORPORATE_VERIFY_EMAIL_PATH), (c) => {
    corporate(param(c, 'token'));
    return c.json({});
  });

  const alertOf = (id: string) => {
    if (id === ALERT_ERROR) internalError();
    const alert = state.alerts.get(id);
    if (!alert) fail(404, { error: 'not_found', message: 'ALERT_NOT_FOUND' });
    return alert;
  };
  app.get(honoPath(ALERT_PATH), (c) => {
    const alert = alertOf(param(c, 'alert'));
    return c.json({
      operation: alert.operation,
      at: sandbox.iso(alert.at),
      device: 'Chrome on macOS',
      location: 'Dubai, United Arab Emirates',
      acknowledged: alert.acknowledged,
    });
  });
  app.put(honoPath(ALERT_ACKNOWLEDGEMENT_PATH), (c) => {
    alertOf(param(c, 'alert')).acknowledged = true;
    return c.json({});
  });

  return app;
}
