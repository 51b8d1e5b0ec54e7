/** Onboarder gateway: sign-up (`POST /onboard`). */
import { Hono } from 'hono';
import type { ErrorBody } from '../../src/contract/errors.ts';
import { EMAIL_LINK_VALIDITY_MS } from '../../src/contract/identity-gateway.ts';
import { ONBOARD_PATH, OnboardBody } from '../../src/contract/onboarder.ts';
import { isEmailAddress } from '../../src/lib/patterns.ts';
import { fail, invalidRequest, jsonBody } from '../errors.ts';
import { header, requirePhone, siteUrl } from '../http.ts';
import { CORPORATE_TOKENS, INVITATION_CODE, PHONE_RULES } from '../personas.ts';
import { readSocialToken, type SocialClaims } from '../social.ts';
import type { AuthMethod, Sandbox, User } from '../state.ts';
import {
  checkOtpProof,
  flagsOf,
  issueProof,
  sendToOutbox,
  userByEmail,
  userByPhone,
  userBySocial,
} from '../queries.ts';

const MIN_PASSWORD = 6;

function onboardError(
  name: string,
  code: string,
  extra: ErrorBody['additional_information'] = {},
): never {
  fail(400, {
    error: name,
    error_code: code,
    message: name,
    additional_information: { error_code: code, ...extra },
  });
}

export function onboarderRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  function social(kind: 'apple' | 'google', token: string | undefined): SocialClaims | undefined {
    if (!token) return undefined;
    const claims = readSocialToken(token, kind, sandbox.now());
    if (!claims)
      fail(400, { error: 'invalid_token', message: `The ${kind} id token is not valid` });
    if (userBySocial(sandbox, kind, claims.email)) onboardError('EMAIL_ALREADY_USED', 'US-0036');
    return claims;
  }

  app.post(ONBOARD_PATH, async (c) => {
    const body = await jsonBody(c, OnboardBody);
    const phone = requirePhone(body.phone_number);
    const rule = PHONE_RULES[phone];
    if (rule === 'blocked_for_signup') onboardError('USER_BLOCKED_FOR_SIGNUP', 'US-0089');
    const existing = userByPhone(sandbox, phone);
    if (rule === 'phone_already_used' || (existing && existing.login !== 'confirm_name')) {
      onboardError('PHONE_ALREADY_USED', 'US-0016');
    }

    const apple = social('apple', body.apple_id_token);
    const google = social('google', body.google_id_token);
    const corporate = body.corporate_invitation_token;
    if (corporate !== undefined && corporate !== CORPORATE_TOKENS.valid) {
      onboardError('USER_NOT_FOUND_FOR_SIGNUP_TOKEN', 'US-0085');
    }
    const prefilled = Boolean(apple ?? google ?? corporate);

    const email = (body.email?.trim() || apple?.email || google?.email || '').toLowerCase();
    if (email && !isEmailAddress(email)) {
      fail(400, {
        error: 'invalid_email',
        message: 'INVALID_EMAIL',
        error_description: 'The e-mail is not valid',
      });
    }
    if (email && userByEmail(sandbox, email)) onboardError('EMAIL_ALREADY_USED', 'US-0036');

    const fullName =
      body.full_name?.trim() || apple?.name || google?.name || (corporate ? 'Corporate User' : '');
    if (!fullName) invalidRequest('full_name is required');
    const password = body.password ?? '';
    if (!prefilled || password) {
      if (password.length < MIN_PASSWORD) onboardError('INVALID_PASSWORD', 'US-0067');
      const weak = flagsOf(sandbox)
        .weakPasswords.split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean);
      if (weak.includes(password.toLowerCase())) onboardError('INVALID_PASSWORD', 'US-0052');
    }
    const code = body.invitation_code?.trim();
    if (code && code.toUpperCase() !== INVITATION_CODE)
      onboardError('INVALID_PROMOTION_CODE', 'US-0025');

    if (!body.otp) {
      const experience = body.onboard_experience_id ?? sandbox.id('oe');
      state.onboardExperiences.add(experience);
      fail(400, {
        error: 'challenge_required',
        error_description: 'Verify the phone number first',
        additional_information: { challenge: 'otp', onboard_experience_id: experience },
      });
    }
    if (!checkOtpProof(sandbox, phone, body.otp, true)) {
      fail(400, {
        error: 'invalid_otp',
        error_code: 'RC-0001',
        message: 'ERROR_INVALID_PIN_CODE',
        additional_information: { error_code: 'RC-0001', challenge: 'otp' },
      });
    }

    if (existing) state.users.delete(existing.sub);
    const user: User = {
      sub: sandbox.id('sbx-u'),
      phone,
      fullName,
      login: password ? 'password' : apple ? 'apple' : google ? 'google' : 'otp',
      status: 'active',
      otpRateLimited: false,
      apps: [],
      wrongPasswords: 0,
      paymentsFrozen: false,
    };
    if (password) user.password = password;
    if (email) user.email = email;
    if (apple) user.appleEmail = apple.email;
    if (google) user.googleEmail = google.email;
    state.users.set(user.sub, user);

    if (email) {
      const id = sandbox.id('ev');
      state.emailLinks.set(id, {
        id,
        sub: user.sub,
        email,
        expiresAt: sandbox.now() + EMAIL_LINK_VALIDITY_MS,
        state: 'pending',
      });
      const link = siteUrl(c, `/email/${id}/verify`);
      sendToOutbox(sandbox, {
        channel: 'email',
        to: email,
        text: `Welcome to Masar. Verify your e-mail address: ${link} (not you? ${siteUrl(c, `/email/${id}/unlink`)})`,
        link,
      });
    }
    const clientId = header(c, 'idpClientId') ?? body.clientId;
    // The phone proved by its code; an Apple or Google account linked as well.
    const amr: AuthMethod[] = apple || google ? ['otp', 'fed'] : ['otp'];
    return c.json({ token: issueProof(sandbox, user.sub, clientId, amr) });
  });

  return app;
}
