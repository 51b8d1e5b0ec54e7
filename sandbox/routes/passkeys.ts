/**
 * Identity API: passkeys (the `biometric` flow). The sandbox is a real WebAuthn relying party with
 * @simplewebauthn/server: its RP id is the host of the page that calls (the `Origin` of the
 * request), attestations and assertions are verified, user verification is required. Enrolment is
 * authorized by the proof token of the login just finished (bearer); a passkey login answers a
 * proof token like every other login. A reset forgets every passkey (state.ts).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { ERROR, UNKNOWN_CREDENTIAL } from '../../src/contract/errors.ts';
import {
  PASSKEY_LOGIN_OPTIONS_PATH,
  PASSKEY_LOGIN_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_REGISTRATION_PATH,
  PasskeyLoginBody,
  PasskeyRegistrationBody,
  type PasskeyLoginResponse,
} from '../../src/contract/passkeys.ts';
import { fail, jsonBody } from '../errors.ts';
import { header } from '../http.ts';
import { issueProof } from '../queries.ts';
import { describeAgent, webauthnUser } from '../sessions.ts';
import {
  PROOF_VALIDITY_MS,
  type AuthMethod,
  type PasskeyChallenge,
  type Sandbox,
  type StoredPasskey,
  type User,
} from '../state.ts';

export const RP_NAME = 'Masar';
/** How long a ceremony may take (the browser's timeout, and the challenge's life here). */
export const PASSKEY_TIMEOUT_MS = 120_000;

const invalidPasskey = (description: string): never =>
  fail(400, {
    error: ERROR.invalidPasskey,
    message: ERROR.invalidPasskey,
    error_description: description,
  });
/** A credential this relying party does not (or no longer) know: the page may tell the browser. */
const unknownPasskey = (): never =>
  fail(400, {
    error: ERROR.invalidPasskey,
    message: ERROR.invalidPasskey,
    error_description: 'Unknown passkey',
    additional_information: { reason: UNKNOWN_CREDENTIAL },
  });
const invalidToken = (): never =>
  fail(401, { error: 'invalid_token', error_description: 'The proof token is not valid' });

/** The page's origin and host: the RP id is the host of the page that asks. */
function relyingParty(c: Context): { origin: string; rpId: string } {
  const origin = c.req.header('origin') ?? new URL(c.req.url).origin;
  try {
    return { origin, rpId: new URL(origin).hostname };
  } catch {
    return fail(400, { error: 'invalid_request', error_description: 'Bad Origin header' });
  }
}

/** The challenge a credential's clientDataJSON answers. */
function answeredChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === 'string') return data.challenge;
  } catch {
    // falls through
  }
  return invalidPasskey('clientDataJSON is not readable');
}

/** A passkey synced between devices is a software key; one bound to its device, a hardware key. */
const passkeyAmr = (deviceType: 'singleDevice' | 'multiDevice'): AuthMethod =>
  deviceType === 'multiDevice' ? 'swk' : 'hwk';

/** A new passkey's name (where it was made, as the security page shows it) and time. */
function made(sandbox: Sandbox, userAgent = ''): Pick<StoredPasskey, 'name' | 'createdAt'> {
  const { browser, os } = describeAgent(userAgent);
  return { name: `${browser} on ${os}`, createdAt: sandbox.now() };
}

/** A passkey just used to sign in: its counter, and when. */
const used = (sandbox: Sandbox, counter: number) => ({ counter, lastUsedAt: sandbox.now() });

/** The passkey login's answer: the proof token, and the account as its passkeys know it. */
function loginAnswer(
  sandbox: Sandbox,
  user: User,
  clientId: string | undefined,
  verified: { authenticationInfo: { credentialDeviceType: 'singleDevice' | 'multiDevice' } },
): PasskeyLoginResponse {
  const amr = [passkeyAmr(verified.authenticationInfo.credentialDeviceType)];
  return {
    token: issueProof(sandbox, user.sub, clientId, amr),
    user: webauthnUser(user),
  };
}

export function passkeyRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  // Read through `sandbox.state` on every call: a reset replaces the maps.
  const passkeys = () => sandbox.state.passkeys;
  const challenges = () => sandbox.state.passkeyChallenges;

  /** The account of the bearer proof token: known, unused and fresh (it is not spent here). */
  function bearerUser(c: Context): User {
    const token = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const proof = token ? sandbox.state.proofs.get(token) : undefined;
    if (!proof || proof.used || sandbox.now() - proof.createdAt > PROOF_VALIDITY_MS) {
      return invalidToken();
    }
    return sandbox.state.users.get(proof.sub) ?? invalidToken();
  }

  function remember(challenge: string, entry: Omit<PasskeyChallenge, 'createdAt'>): void {
    for (const [value, open] of challenges()) {
      if (sandbox.now() - open.createdAt > PASSKEY_TIMEOUT_MS) challenges().delete(value);
    }
    challenges().set(challenge, { ...entry, createdAt: sandbox.now() });
  }

  /** Takes an open challenge of `kind` (each answers once), or says the ceremony is unknown. */
  function takeChallenge(value: string, kind: PasskeyChallenge['kind']): PasskeyChallenge {
    const open = challenges().get(value);
    challenges().delete(value);
    if (!open || open.kind !== kind || sandbox.now() - open.createdAt > PASSKEY_TIMEOUT_MS) {
      return invalidPasskey('The challenge is unknown or expired');
    }
    return open;
  }

  app.post(PASSKEY_REGISTRATION_OPTIONS_PATH, async (c) => {
    const user = bearerUser(c);
    const { origin, rpId } = relyingParty(c);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpId,
      userID: new TextEncoder().encode(user.sub),
      userName: user.phone ?? user.email ?? user.sub,
      userDisplayName: user.fullName,
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: [...passkeys().values()]
        .filter((passkey) => passkey.sub === user.sub && passkey.rpId === rpId)
        .map((passkey) => ({
          id: passkey.id,
          ...(passkey.transports
            ? { transports: passkey.transports as AuthenticatorTransportFuture[] }
            : {}),
        })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    remember(options.challenge, { kind: 'registration', sub: user.sub, origin, rpId });
    return c.json({ data: options });
  });

  app.post(PASSKEY_REGISTRATION_PATH, async (c) => {
    const user = bearerUser(c);
    const body = await jsonBody(c, PasskeyRegistrationBody);
    const value = answeredChallenge(body.credential.response.clientDataJSON);
    const open = takeChallenge(value, 'registration');
    if (open.sub !== user.sub) invalidPasskey('The challenge was given to another account');
    const verification = await verifyRegistrationResponse({
      response: body.credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: value,
      expectedOrigin: open.origin,
      expectedRPID: open.rpId,
      requireUserVerification: true,
    }).catch((error: unknown) => invalidPasskey(String(error)));
    const info = verification.registrationInfo;
    if (!verification.verified || !info) return invalidPasskey('The attestation does not verify');
    passkeys().set(info.credential.id, {
      id: info.credential.id,
      sub: user.sub,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      rpId: open.rpId,
      ...made(sandbox, c.req.header('user-agent')),
      ...(info.credential.transports ? { transports: info.credential.transports } : {}),
    });
    return c.json({});
  });

  app.post(PASSKEY_LOGIN_OPTIONS_PATH, async (c) => {
    const { origin, rpId } = relyingParty(c);
    const options = await generateAuthenticationOptions({
      rpID: rpId,
      timeout: PASSKEY_TIMEOUT_MS,
      userVerification: 'required',
    });
    remember(options.challenge, { kind: 'authentication', origin, rpId });
    return c.json({ data: options });
  });

  app.post(PASSKEY_LOGIN_PATH, async (c) => {
    const body = await jsonBody(c, PasskeyLoginBody);
    const credential = body.credential;
    const value = answeredChallenge(credential.response.clientDataJSON);
    const open = takeChallenge(value, 'authentication');
    const passkey = passkeys().get(credential.id);
    if (!passkey || passkey.rpId !== open.rpId) return unknownPasskey();
    const user = sandbox.state.users.get(passkey.sub);
    if (!user) return unknownPasskey();
    const handle = credential.response.userHandle;
    if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== user.sub) {
      invalidPasskey('The passkey belongs to another account');
    }
    const verification = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: value,
      expectedOrigin: open.origin,
      expectedRPID: open.rpId,
      credential: {
        id: passkey.id,
        publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
      },
      requireUserVerification: true,
    }).catch((error: unknown) => invalidPasskey(String(error)));
    if (!verification.verified) return invalidPasskey('The assertion does not verify');
    Object.assign(passkey, used(sandbox, verification.authenticationInfo.newCounter));
    if (user.status === 'blocked') {
      fail(400, { error: 'USER_BLOCKED', error_code: 'US-0068', message: 'USER_BLOCKED' });
    }
    return c.json(loginAnswer(sandbox, user, header(c, 'clientId'), verification));
  });

  return app;
}
