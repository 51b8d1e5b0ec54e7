/**
 * The sandbox's in-memory world: users, codes, requests, link tokens, outbox, events, flags and
 * faults. `createSandbox` seeds it from personas.ts; `reset()` restores the seed. Time comes from
 * the injected clock only, so tests can expire codes and links.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { EMAIL_LINK_VALIDITY_MS } from '../src/contract/identity-gateway.ts';
import type { BlockReason } from '../src/contract/errors.ts';
import type { ApprovalToken, ApproveStatus, SecureAction } from '../src/contract/identity-api.ts';
import type {
  FaultBody,
  OutboxEntry,
  RecordedEvent,
  ReportsResponse,
} from '../src/contract/sandbox-control.ts';
import type { FlagsResponse } from '../src/contract/shell.ts';
import {
  ALERT_ACCOUNTS,
  ALERTS,
  EMAIL_LINKS,
  INVITATIONS,
  PERSONA_CODE,
  PERSONA_IDENTIFIERS,
  PROFILE_TOKENS,
  RESET_TOKENS,
  SEED_USERS,
  type InvitationOutcome,
  type LoginRule,
  type OneClickRule,
} from './personas.ts';

export const OTP_VALIDITY_MS = 5 * 60 * 1000;
export const OTP_RESEND_S = 60;
/** The wait the rate-limited persona's APP-0020 answer asks for (contract: 120 s). */
export const OTP_RATE_LIMIT_WAIT_S = 120;
export const OTP_MAX_WRONG = 3;
export const VERIFICATION_VALIDITY_MS = 10 * 60 * 1000;
export const PROOF_VALIDITY_MS = 5 * 60 * 1000;
export const PUSH_AUTO_DECISION_MS = 3000;
export const RESET_VALIDITY_MS = 24 * 60 * 60 * 1000;
export const PROFILE_VALIDITY_MS = 3 * 24 * 60 * 60 * 1000;
export const TEMPORARY_BLOCK_MS = 30 * 60 * 1000;
export const WRONG_PASSWORDS_BEFORE_BLOCK = 5;
export const ACCESS_TOKEN_VALIDITY_S = 3600;
export const SESSION_VALIDITY_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the sign-in an authorize request started may take (then: 'Your sign-in timed out'). */
export const INTERACTION_VALIDITY_S = 30 * 60;

export type Flags = {
  [K in keyof FlagsResponse['flags']]-?: NonNullable<FlagsResponse['flags'][K]>;
};

export const DEFAULT_FLAGS: Flags = {
  businessInvitationS2SRoles: false,
  googleEnabled: true,
  enhancedForm: true,
  weakPasswords: '123456,password,qwerty,abc123,iloveyou,12345678,111111',
  recaptchaV2: false,
  shieldEnabled: false,
  oneClickSignup: false,
  googleOneTap: false,
  phoneCountries: '',
};

export interface User {
  sub: string;
  phone?: string;
  email?: string;
  fullName: string;
  password?: string;
  login: LoginRule;
  status: 'active' | 'blocked' | 'temporarily_blocked';
  /** Why a blocked account is blocked (the payment blocks). */
  blockReason?: BlockReason;
  pin?: string;
  card?: string;
  nationalId?: string;
  oneClick?: OneClickRule;
  otpRateLimited: boolean;
  apps: string[];
  appleEmail?: string;
  googleEmail?: string;
  wrongPasswords: number;
  blockedUntil?: number;
  /** Payments paused by 'This wasn't me' (./secure-account.ts) until a new password is set. */
  paymentsFrozen: boolean;
  /** A live trusted-device cookie of the account skips the code (./trusted-devices.ts). */
  trustedDeviceSkipsCode?: true;
}

export interface Otp {
  identifier: string;
  code: string;
  createdAt: number;
  wrong: number;
  locked: boolean;
  deviceId?: string;
}
export interface Verification {
  id: string;
  identifier: string;
  createdAt: number;
  used: boolean;
}
/**
 * How a person proved who they are, as OpenID's `amr` values (RFC 8176); `rba` (risk-based): a
 * trusted device's cookie let the sign-in skip its code.
 */
export type AuthMethod = 'pwd' | 'otp' | 'pin' | 'kba' | 'hwk' | 'swk' | 'fed' | 'user' | 'rba';
export interface ProofToken {
  token: string;
  sub: string;
  clientId?: string;
  /** How the sign-in that got it was proved: the ID token's `amr`. */
  amr: AuthMethod[];
  createdAt: number;
  used: boolean;
}
export interface PushRequest {
  id: string;
  phone: string;
  sub: string;
  createdAt: number;
  status: ApproveStatus;
  /** Decided by the sandbox 'phone' at this time (personas 11 and 12). */
  auto?: { at: number; status: 'confirmed' | 'rejected' };
  proofIssued: boolean;
  /** Number matching: the two digits the app must be given to approve (one-click personas). */
  number?: string;
  /** The checkout as its merchant registered it (personas.ts, CHECKOUTS), if known. */
  checkout?: Pick<ApprovalToken, 'merchant' | 'promo'>;
}
export interface ResetToken {
  token: string;
  sub: string;
  expiresAt: number;
  used: boolean;
}
export interface EmailLink {
  id: string;
  sub: string;
  email: string;
  expiresAt: number;
  state: 'pending' | 'verified' | 'removed';
}
export interface ProfileToken {
  token: string;
  expiresAt: number;
  used: boolean;
  fails: boolean;
}
export interface AlertRecord {
  id: string;
  operation: 'LOGIN' | 'PROFILE_UPDATE';
  at: number;
  acknowledged: boolean;
  clientId: string;
  phone?: string | undefined;
  /** The account the alert is about. */
  sub: string;
  /** Set by the first 'This wasn't me' (./secure-account.ts): what it did, and its call's key. */
  secured?: { at: number; actions: SecureAction[]; key?: string | undefined };
}
export interface Invitation {
  code: string;
  outcome: InvitationOutcome;
  accepted: boolean;
}
/** One record of the identity service's store (sandbox/identity-service/adapter.ts). */
export interface IdpRecord {
  payload: Record<string, unknown>;
  /** On the sandbox's clock; none: kept until a reset. */
  expiresAt?: number;
}
/** A passkey kept by the relying party (sandbox/routes/passkeys.ts). */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  sub: string;
  publicKey: Uint8Array;
  counter: number;
  transports?: string[];
  rpId: string;
  /** Marked for review by 'This wasn't me' (./secure-account.ts). */
  forReview?: boolean;
  /** What the security page calls it (where it was made). */
  name: string;
  createdAt: number;
  lastUsedAt?: number;
}
/** A WebAuthn challenge handed out and not yet answered. */
export interface PasskeyChallenge {
  kind: 'registration' | 'authentication';
  /** Registration: the account the passkey is for. */
  sub?: string;
  origin: string;
  rpId: string;
  createdAt: number;
}
/**
 * Where an account is signed in (sandbox/sessions.ts): a session, or a device trusted to skip the
 * code. `key` ties a session to the access tokens of the sign-in that made it.
 */
export interface DeviceSessionRecord {
  id: string;
  sub: string;
  key?: string;
  kind: 'session' | 'trusted_device';
  browser: string;
  os: string;
  device?: string;
  city?: string;
  country?: string;
  signedInAt: number;
  lastActiveAt: number;
  trustedUntil?: number;
  /** The trusted-device credential the row stands for ('Stay signed in', ./trusted-devices.ts). */
  trustedDevice?: string;
}
/** A trusted-device credential ('Stay signed in', ./trusted-devices.ts), named by its cookie. */
export interface TrustedDevice {
  id: string;
  sub: string;
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
}
export interface Fault extends FaultBody {
  id: number;
  remaining: number | undefined;
}

export interface SandboxState {
  users: Map<string, User>;
  otps: Map<string, Otp>;
  verifications: Map<string, Verification>;
  proofs: Map<string, ProofToken>;
  pushes: Map<string, PushRequest>;
  /** One-click login answers by idempotency key: a repeated call gets the first answer. */
  oneClickAnswers: Map<string, { phone: string; requestId: string }>;
  /** Nonces issued for social sign-ins (sandbox/routes/login.ts): good once, until they expire. */
  socialNonces: Map<string, { expiresAt: number; used: boolean }>;
  resets: Map<string, ResetToken>;
  emailLinks: Map<string, EmailLink>;
  profileTokens: Map<string, ProfileToken>;
  alerts: Map<string, AlertRecord>;
  /** Each time an alert secured an account (./secure-account.ts), oldest first. */
  securings: { alert: string; sub: string; at: number; actions: SecureAction[] }[];
  /** Corporate links used (`invitation:{token}`, `verify:{token}`): each works once. */
  corporateUsed: Set<string>;
  invitations: Map<string, Invitation>;
  /** The identity service's sessions, interactions, grants, codes and tokens, by `{model}:{id}`. */
  idp: Map<string, IdpRecord>;
  onboardExperiences: Set<string>;
  /** Passkeys by credential id, and open challenges by value: a reset forgets both. */
  passkeys: Map<string, StoredPasskey>;
  passkeyChallenges: Map<string, PasskeyChallenge>;
  /** Sessions and trusted devices by id (sandbox/sessions.ts). */
  sessions: Map<string, DeviceSessionRecord>;
  /** The keys of sessions signed out: their access tokens are refused from then on. */
  revokedSessionKeys: Set<string>;
  /** Trusted devices by their cookie's value: a reset forgets them (every browser asks again). */
  trustedDevices: Map<string, TrustedDevice>;
  outbox: OutboxEntry[];
  events: RecordedEvent[];
  /** What the error-reporting service received (the production topology's, sandbox/reports.ts). */
  reports: ReportsResponse;
  flagOverrides: Partial<Flags>;
  faults: Fault[];
  nextFaultId: number;
}

export interface SandboxOptions {
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
  /** Random OTP codes for non-persona identifiers; defaults to a crypto random 6-digit code. */
  randomCode?: () => string;
}

export interface Sandbox {
  readonly state: SandboxState;
  now(): number;
  iso(at?: number): string;
  reset(): void;
  id(prefix: string): string;
  codeFor(identifier: string): string;
}

/** The personas as accounts (./personas.ts). */
function seedUsers(): Map<string, User> {
  const users = new Map<string, User>();
  for (const seed of SEED_USERS) {
    const user: User = {
      sub: seed.sub,
      fullName: seed.fullName,
      login: seed.login,
      status: seed.status ?? 'active',
      otpRateLimited: seed.otpRateLimited ?? false,
      apps: [...(seed.apps ?? [])],
      wrongPasswords: 0,
      paymentsFrozen: false,
    };
    if (seed.phone) user.phone = seed.phone;
    if (seed.email) user.email = seed.email;
    if (seed.password) user.password = seed.password;
    if (seed.blockReason) user.blockReason = seed.blockReason;
    if (seed.pin) user.pin = seed.pin;
    if (seed.card) user.card = seed.card;
    if (seed.nationalId) user.nationalId = seed.nationalId;
    if (seed.oneClick) user.oneClick = seed.oneClick;
    if (seed.appleEmail) user.appleEmail = seed.appleEmail;
    if (seed.googleEmail) user.googleEmail = seed.googleEmail;
    if (seed.trustedDeviceSkipsCode) user.trustedDeviceSkipsCode = true;
    users.set(user.sub, user);
  }
  return users;
}

function seedState(now: number): SandboxState {
  const users = seedUsers();
  const emailLinks = new Map<string, EmailLink>();
  for (const link of EMAIL_LINKS) {
    emailLinks.set(link.id, {
      id: link.id,
      sub: 'sbx-layla',
      email: 'layla@example.com',
      expiresAt: link.state === 'expired' ? now - 1 : now + EMAIL_LINK_VALIDITY_MS,
      state: link.state === 'verified' ? 'verified' : 'pending',
    });
  }
  const resets = new Map<string, ResetToken>([
    [
      RESET_TOKENS.valid,
      {
        token: RESET_TOKENS.valid,
        sub: 'sbx-layla',
        expiresAt: now + RESET_VALIDITY_MS,
        used: false,
      },
    ],
    [
      RESET_TOKENS.expired,
      { token: RESET_TOKENS.expired, sub: 'sbx-layla', expiresAt: now - 1, used: false },
    ],
  ]);
  const profileTokens = new Map<string, ProfileToken>([
    [
      PROFILE_TOKENS.valid,
      {
        token: PROFILE_TOKENS.valid,
        expiresAt: now + PROFILE_VALIDITY_MS,
        used: false,
        fails: false,
      },
    ],
    [
      PROFILE_TOKENS.expired,
      { token: PROFILE_TOKENS.expired, expiresAt: now - 1, used: false, fails: false },
    ],
    [
      PROFILE_TOKENS.error,
      {
        token: PROFILE_TOKENS.error,
        expiresAt: now + PROFILE_VALIDITY_MS,
        used: false,
        fails: true,
      },
    ],
  ]);
  const alerts = new Map<string, AlertRecord>(
    Object.entries(ALERTS).map(([id, operation]) => [
      id,
      {
        id,
        operation,
        at: now - 5 * 60 * 1000,
        acknowledged: false,
        ...ALERT_ACCOUNTS[id as keyof typeof ALERTS],
      },
    ]),
  );
  const invitations = new Map<string, Invitation>(
    Object.entries(INVITATIONS).map(([code, outcome]) => [
      code,
      { code, outcome, accepted: false },
    ]),
  );
  return {
    users,
    otps: new Map(),
    verifications: new Map(),
    proofs: new Map(),
    pushes: new Map(),
    oneClickAnswers: new Map(),
    socialNonces: new Map(),
    resets,
    emailLinks,
    profileTokens,
    alerts,
    securings: [],
    corporateUsed: new Set(),
    invitations,
    idp: new Map(),
    onboardExperiences: new Set(),
    passkeys: new Map(),
    passkeyChallenges: new Map(),
    sessions: new Map(),
    revokedSessionKeys: new Set(),
    trustedDevices: new Map(),
    outbox: [],
    events: [],
    reports: { errors: [] },
    flagOverrides: {},
    faults: [],
    nextFaultId: 1,
  };
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? Date.now;
  const randomCode = options.randomCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'));
  const sandbox: Sandbox = {
    state: seedState(now()),
    now,
    iso: (at = now()) => new Date(at).toISOString(),
    reset() {
      const fresh = seedState(now());
      Object.assign(sandbox.state, fresh);
    },
    id: (prefix) => `${prefix}_${randomBytes(12).toString('base64url')}`,
    codeFor: (identifier) => (PERSONA_IDENTIFIERS.has(identifier) ? PERSONA_CODE : randomCode()),
  };
  return sandbox;
}
