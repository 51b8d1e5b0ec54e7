/** Queries and small transitions of the sandbox's state (./state.ts), shared by the routes. */
import type { OutboxEntry } from '../src/contract/sandbox-control.ts';
import { isEmailAddress } from '../src/lib/patterns.ts';
import { PERSONA_CODE, PERSONA_IDENTIFIERS } from './personas.ts';
import {
  DEFAULT_FLAGS,
  OTP_VALIDITY_MS,
  PROOF_VALIDITY_MS,
  VERIFICATION_VALIDITY_MS,
  type Flags,
  type AuthMethod,
  type ProofToken,
  type PushRequest,
  type Sandbox,
  type User,
} from './state.ts';

export function flagsOf(sandbox: Sandbox): Flags {
  return { ...DEFAULT_FLAGS, ...sandbox.state.flagOverrides };
}

export function userByPhone(sandbox: Sandbox, phone: string): User | undefined {
  for (const user of sandbox.state.users.values()) if (user.phone === phone) return user;
  return undefined;
}

export function userByEmail(sandbox: Sandbox, email: string): User | undefined {
  const wanted = email.toLowerCase();
  for (const user of sandbox.state.users.values()) {
    if (user.email?.toLowerCase() === wanted) return user;
  }
  return undefined;
}

export function userBySocial(
  sandbox: Sandbox,
  provider: 'apple' | 'google',
  email: string,
): User | undefined {
  const wanted = email.toLowerCase();
  for (const user of sandbox.state.users.values()) {
    const linked = provider === 'apple' ? user.appleEmail : user.googleEmail;
    if (linked?.toLowerCase() === wanted) return user;
  }
  return undefined;
}

export function sendToOutbox(sandbox: Sandbox, entry: Omit<OutboxEntry, 'at'>): OutboxEntry {
  const full = { ...entry, at: sandbox.iso() };
  sandbox.state.outbox.push(full);
  return full;
}

/**
 * A proof token for the identity service's `/login` form: for `clientId` (the client the page
 * named), saying how the person proved who they are (`amr`, for the ID token).
 */
export function issueProof(
  sandbox: Sandbox,
  sub: string,
  clientId: string | undefined,
  amr: AuthMethod[],
): string {
  const token = sandbox.id('pt');
  const proof: ProofToken = { token, sub, amr, createdAt: sandbox.now(), used: false };
  if (clientId) proof.clientId = clientId;
  sandbox.state.proofs.set(token, proof);
  return token;
}

/** A proof token that is known, unused and fresh; marks it used. */
export function consumeProof(sandbox: Sandbox, token: string): ProofToken | undefined {
  const proof = sandbox.state.proofs.get(token);
  if (!proof || proof.used || sandbox.now() - proof.createdAt > PROOF_VALIDITY_MS) return undefined;
  proof.used = true;
  return proof;
}

/**
 * An OTP proof for `identifier`: the id of a fresh, unused verification, or the current code
 * itself (recovery links carry the code). Consumes it when `consume` is set.
 */
export function checkOtpProof(
  sandbox: Sandbox,
  identifier: string,
  value: string,
  consume: boolean,
): boolean {
  const verification = sandbox.state.verifications.get(value);
  if (verification) {
    const fresh = sandbox.now() - verification.createdAt <= VERIFICATION_VALIDITY_MS;
    if (verification.identifier !== identifier || verification.used || !fresh) return false;
    if (consume) verification.used = true;
    return true;
  }
  const otp = sandbox.state.otps.get(identifier);
  if (
    otp &&
    !otp.locked &&
    otp.code === value &&
    sandbox.now() - otp.createdAt <= OTP_VALIDITY_MS
  ) {
    if (consume) sandbox.state.otps.delete(identifier);
    return true;
  }
  // Persona identifiers always accept their fixed code, sent or not.
  return PERSONA_IDENTIFIERS.has(identifier) && value === PERSONA_CODE;
}

/** Applies a due automatic decision (personas 11 and 12) and returns the request. */
export function pushRequest(sandbox: Sandbox, id: string): PushRequest | undefined {
  const request = sandbox.state.pushes.get(id);
  if (request?.status === 'pending' && request.auto && sandbox.now() >= request.auto.at) {
    request.status = request.auto.status;
  }
  return request;
}

export function pendingPushes(sandbox: Sandbox): PushRequest[] {
  return [...sandbox.state.pushes.keys()]
    .map((id) => pushRequest(sandbox, id))
    .filter((request): request is PushRequest => request?.status === 'pending');
}

/** Whether two names (or answers) are the same regardless of case and spacing. */
export const sameName = (a: string, b: string): boolean =>
  a.trim().replace(/\s+/gu, ' ').toLocaleLowerCase() ===
  b.trim().replace(/\s+/gu, ' ').toLocaleLowerCase();

/** E.164 form of a phone given as digits, with or without '+', or undefined if malformed. */
export function normalizePhone(raw: string): string | undefined {
  const compact = raw.trim().replace(/[\s\-().]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.replace(/^00/, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined;
}

/** A phone (E.164) or a lower-cased e-mail, or undefined. */
export function normalizeIdentifier(raw: string): string | undefined {
  if (raw.includes('@')) return isEmailAddress(raw) ? raw.trim().toLowerCase() : undefined;
  return normalizePhone(raw);
}

/** Masks 'Layla Haddad' as 'L*** H*****': the first word keeps 3 stars, the others one per letter. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .map((word, index) => {
      const letters = [...word];
      const stars = index === 0 ? 3 : Math.max(1, letters.length - 1);
      return `${letters[0] ?? ''}${'*'.repeat(stars)}`;
    })
    .join(' ');
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${[...local][0] ?? ''}***@${domain}`;
}
