/**
 * Identity API: phone, e-mail, Apple and Google login (the codes they check are ./otp.ts's). Every login answers
 * `{ token }` (a proof token for the identity service's /login form) or an `ErrorBody`. Apple and
 * Google logins take an id token only with the nonce this service issued for it (security review
 * L3, `SOCIAL_NONCE_PATH`).
 */
import { Hono, type Context } from 'hono';
import type { BlockReason, ChallengeDetail, LoginChallenge } from '../../src/contract/errors.ts';
import {
  APPLE_LOGIN_PATH,
  AppleLoginBody,
  EMAIL_LOGIN_PATH,
  EmailLoginBody,
  GOOGLE_LOGIN_PATH,
  GoogleLoginBody,
  PHONE_LOGIN_PATH,
  PhoneLoginBody,
  SOCIAL_NONCE_PATH,
  type PhoneLoginBody as PhoneLogin,
} from '../../src/contract/identity-api.ts';
import { isEmailAddress } from '../../src/lib/patterns.ts';
import { fail, failWait, jsonBody } from '../errors.ts';
import { header, requirePhone } from '../http.ts';
import { SOCIAL_ACCOUNTS, type SocialProvider } from '../personas.ts';
import { issueSocialNonce, readSocialToken, spendSocialNonce } from '../social.ts';
import { rememberedAnswer, trustedDeviceOf } from '../trusted-devices.ts';
import {
  TEMPORARY_BLOCK_MS,
  WRONG_PASSWORDS_BEFORE_BLOCK,
  type AuthMethod,
  type Sandbox,
  type User,
} from '../state.ts';
import {
  checkOtpProof,
  issueProof,
  maskEmail,
  maskName,
  sameName,
  userByEmail,
  userByPhone,
  userBySocial,
} from '../queries.ts';

function challenge(
  kind: LoginChallenge,
  extra: { name?: string; challenge_details?: ChallengeDetail[] } = {},
): never {
  fail(400, {
    error: 'challenge_required',
    error_description: 'One more step is needed to sign in',
    additional_information: { challenge: kind, ...extra },
  });
}

function unregistered(): never {
  fail(400, {
    error: 'unregistered_user',
    message: 'unregistered_user',
    error_description: 'There is no account for this identifier',
  });
}

/** USER_BLOCKED, with the reason when the block has one (a payment to settle). */
const blocked = (reason: BlockReason | undefined): never =>
  fail(400, {
    error: 'USER_BLOCKED',
    error_code: 'US-0068',
    message: 'USER_BLOCKED',
    ...(reason ? { additional_information: { block_reason: reason } } : {}),
  });
/** USER_TEMPORARILY_BLOCKED, saying (Retry-After and the body) when it ends. */
const temporarilyBlocked = (untilMs: number, now: number): never =>
  failWait(
    400,
    {
      error: 'USER_TEMPORARILY_BLOCKED',
      error_code: 'US-0013',
      message: 'USER_TEMPORARILY_BLOCKED',
    },
    (untilMs - now) / 1000,
  );
const wrong = (name: string, code: string): never =>
  fail(400, { error: name, error_code: code, message: name });
const invalidOtp = (): never =>
  fail(400, { error: 'invalid_otp', error_code: 'RC-0001', message: 'ERROR_INVALID_PIN_CODE' });

/**
 * 'Try another way': the five challenges offered, then each answer given checked; returns how the
 * person proved who they are.
 */
function tryAnotherWay(user: User, body: PhoneLogin): AuthMethod[] {
  const details: ChallengeDetail[] = [
    { challenge_name: 'pin', priority: 1 },
    { challenge_name: 'card', priority: 2 },
    ...(user.email
      ? [{ challenge_name: 'email' as const, priority: 3, masked_value: maskEmail(user.email) }]
      : []),
    { challenge_name: 'name', priority: 4, masked_value: maskName(user.fullName) },
    { challenge_name: 'password', priority: 5 },
  ];
  // Each answer with its `amr`: the PIN, knowledge (card, e-mail, name), the password.
  const answers = [
    [body.pin, user.pin, 'INVALID_CHALLENGE_PIN', 'US-0115', 'pin'],
    [body.card_verification, user.card, 'INVALID_CHALLENGE_CARD', 'US-0111', 'kba'],
    [body.email_verification, user.email, 'INVALID_CHALLENGE_EMAIL', 'US-0114', 'kba'],
    [body.full_name_verification, user.fullName, 'INVALID_CHALLENGE_NAME', 'US-0113', 'kba'],
    [body.password, user.password, 'INVALID_CHALLENGE_PASSWORD', 'US-0112', 'pwd'],
  ] as const;
  const given = answers.filter(([answer]) => answer !== undefined && answer.trim() !== '');
  if (given.length === 0) challenge('try_another_way', { challenge_details: details });
  for (const [answer = '', expected, name, code] of given) {
    if (expected === undefined || !sameName(answer, expected)) wrong(name, code);
  }
  return [...new Set(given.map((row) => row[4]))];
}

export function loginRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();

  function assertActive(user: User): void {
    const now = sandbox.now();
    if (user.status === 'blocked') blocked(user.blockReason);
    if (user.blockedUntil !== undefined && now < user.blockedUntil) {
      temporarilyBlocked(user.blockedUntil, now);
    }
  }

  function checkPassword(user: User, password: string): void {
    // The persona is always 30 minutes away from the end of its block.
    const now = sandbox.now();
    if (user.status === 'temporarily_blocked') temporarilyBlocked(now + TEMPORARY_BLOCK_MS, now);
    if (user.password !== undefined && password === user.password) {
      user.wrongPasswords = 0;
      return;
    }
    user.wrongPasswords += 1;
    if (user.wrongPasswords >= WRONG_PASSWORDS_BEFORE_BLOCK) {
      user.wrongPasswords = 0;
      user.blockedUntil = now + TEMPORARY_BLOCK_MS;
      temporarilyBlocked(user.blockedUntil, now);
    }
    wrong('BAD_CREDENTIALS', 'US-0051');
  }

  /** The login's answers checked: how the person proved who they are (`trusted`: the cookie). */
  function phoneLogin(user: User, phone: string, body: PhoneLogin, trusted: boolean): AuthMethod[] {
    assertActive(user);
    switch (user.login) {
      case 'password':
        if (!body.password) challenge('password');
        checkPassword(user, body.password);
        return ['pwd'];
      case 'otp':
        if (body.otp) return checkOtpProof(sandbox, phone, body.otp, true) ? ['otp'] : invalidOtp();
        return trusted && user.trustedDeviceSkipsCode ? ['rba'] : challenge('otp');
      case 'confirm_name':
        if (body.name_confirmed === undefined) challenge('confirm_name', { name: user.fullName });
        if (!body.name_confirmed) unregistered();
        // Only the person's word that the name is theirs (the review's M5): presence, no proof.
        return ['user'];
      case 'try_another_way':
        return tryAnotherWay(user, body);
      case 'apple':
      case 'google':
        return challenge(user.login);
    }
  }

  /** A phone or e-mail login's answer: its proof token and the trusted device's word. */
  function signedIn(c: Context, user: User, amr: AuthMethod[], remember: boolean): Response {
    return c.json({
      token: issueProof(sandbox, user.sub, header(c, 'clientId'), amr),
      ...rememberedAnswer(sandbox, c, user.sub, amr, remember),
    });
  }

  app.post(PHONE_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, PhoneLoginBody);
    const phone = requirePhone(body.phone_number);
    const user = userByPhone(sandbox, phone);
    if (!user) unregistered();
    const trusted = trustedDeviceOf(sandbox, c, user.sub) !== undefined;
    const amr = phoneLogin(user, phone, body, trusted);
    return signedIn(c, user, amr, body.remember_device === true);
  });

  app.post(EMAIL_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, EmailLoginBody);
    if (!isEmailAddress(body.email)) {
      fail(400, {
        error: 'invalid_email',
        message: 'INVALID_EMAIL',
        error_description: 'The e-mail is not valid',
      });
    }
    const email = body.email.trim().toLowerCase();
    const user = userByEmail(sandbox, email);
    if (!user) unregistered();
    assertActive(user);
    if (body.password) checkPassword(user, body.password);
    else if (body.otp) {
      if (!checkOtpProof(sandbox, email, body.otp, true)) invalidOtp();
    } else challenge(user.password ? 'password' : 'otp');
    const amr: AuthMethod[] = body.password ? ['pwd'] : ['otp'];
    return signedIn(c, user, amr, body.remember_device === true);
  });

  app.post(SOCIAL_NONCE_PATH, (c) => c.json(issueSocialNonce(sandbox)));

  function socialLogin(
    provider: SocialProvider,
    idToken: string,
    clientId: string | undefined,
    nonce: string | undefined,
  ): string {
    const claims = readSocialToken(idToken, provider, sandbox.now());
    if (!claims) {
      fail(400, {
        error: 'invalid_token',
        message: 'The id token is not a valid sandbox test token',
      });
    }
    spendSocialNonce(sandbox, nonce, claims.nonce);
    const user = userBySocial(sandbox, provider, claims.email);
    if (!user) {
      if (!SOCIAL_ACCOUNTS.some((account) => account.email === claims.email)) {
        fail(400, { error: 'invalid_token', message: 'Unknown sandbox social account' });
      }
      unregistered();
    }
    assertActive(user);
    return issueProof(sandbox, user.sub, clientId, ['fed']);
  }

  app.post(APPLE_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, AppleLoginBody);
    return c.json({
      token: socialLogin('apple', body.access_token, header(c, 'clientId'), body.nonce),
    });
  });
  app.post(GOOGLE_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, GoogleLoginBody);
    return c.json({
      token: socialLogin('google', body.id_token, header(c, 'clientId'), body.nonce),
    });
  });

  return app;
}
