/**
 * The seeded world of sandbox-contract.md: phone and e-mail personas, social test accounts,
 * clients, and the well-known link tokens. `state.ts` copies it on every reset.
 */
import type { BlockReason } from '../src/contract/errors.ts';
import type { ApprovalToken } from '../src/contract/identity-api.ts';
import type { ClientData } from '../src/contract/shell.ts';

export const PERSONA_CODE = '123456';
export const SANDBOX_PASSWORD = 'Sandbox-Pass1';

/**
 * The breached-password corpus of the range endpoint (sandbox/routes/passwords.ts): passwords that
 * meet the reset rules and still must be refused. `Sandbox-Breached1` is the contract's.
 */
export const BREACHED_PASSWORDS = [
  'Sandbox-Breached1',
  'Password1',
  'Passw0rd',
  'Qwerty123',
  'Welcome1',
  'Dubai2024',
] as const;

export type LoginRule =
  'password' | 'otp' | 'confirm_name' | 'try_another_way' | 'apple' | 'google';
export type OneClickRule = 'approve' | 'reject' | 'pending' | 'otp';

export interface SeedUser {
  readonly sub: string;
  readonly phone?: string;
  readonly email?: string;
  readonly fullName: string;
  readonly password?: string;
  readonly login: LoginRule;
  readonly status?: 'blocked' | 'temporarily_blocked';
  /** Why a blocked account is blocked (sent as `additional_information.block_reason`). */
  readonly blockReason?: BlockReason;
  /** try_another_way answers. */
  readonly pin?: string;
  readonly card?: string;
  /** Recovery answer of the wider recovery form (Emirates ID form, compared by digits). */
  readonly nationalId?: string;
  readonly oneClick?: OneClickRule;
  readonly otpRateLimited?: true;
  /** Approved (connected) apps. */
  readonly apps?: readonly string[];
  readonly appleEmail?: string;
  readonly googleEmail?: string;
  /** On a browser trusted for the account ('Stay signed in', 30 days) the code is skipped. */
  readonly trustedDeviceSkipsCode?: true;
}

const phone = (nn: string) => `+9715000000${nn}`;

export const SEED_USERS: readonly SeedUser[] = [
  {
    sub: 'sbx-layla',
    phone: phone('01'),
    email: 'layla@example.com',
    fullName: 'Layla Haddad',
    password: SANDBOX_PASSWORD,
    nationalId: '784-1990-1234567-1',
    login: 'password',
    apps: ['sandbox-web', 'sandbox-nologo'],
  },
  {
    sub: 'sbx-omar',
    phone: phone('02'),
    fullName: 'Omar Khan',
    login: 'otp',
    apps: [],
    trustedDeviceSkipsCode: true,
  },
  /** Hana: code login until she adds a passkey (sandbox/routes/passkeys.ts), then either. */
  {
    sub: 'sbx-hana',
    phone: phone('20'),
    fullName: 'Hana Saleh',
    login: 'otp',
    apps: [],
    trustedDeviceSkipsCode: true,
  },
  { sub: 'sbx-sara', phone: phone('04'), fullName: 'Sara Ahmed', login: 'confirm_name' },
  {
    sub: 'sbx-yusuf',
    phone: phone('05'),
    email: 'yusuf@example.com',
    fullName: 'Yusuf Ali',
    password: SANDBOX_PASSWORD,
    login: 'try_another_way',
    pin: '1234',
    card: '4242',
  },
  {
    sub: 'sbx-blocked',
    phone: phone('06'),
    fullName: 'Blocked User',
    login: 'password',
    status: 'blocked',
  },
  {
    sub: 'sbx-tempblocked',
    phone: phone('08'),
    fullName: 'Hamza Tariq',
    password: SANDBOX_PASSWORD,
    login: 'password',
    status: 'temporarily_blocked',
  },
  {
    sub: 'sbx-cash-underpaid',
    phone: phone('18'),
    fullName: 'Rami Saeed',
    login: 'password',
    status: 'blocked',
    blockReason: 'cash_trip_underpayment',
  },
  {
    sub: 'sbx-outstanding',
    phone: phone('19'),
    fullName: 'Dana Khalil',
    login: 'password',
    status: 'blocked',
    blockReason: 'outstanding_payments',
  },
  {
    sub: 'sbx-apple',
    phone: phone('09'),
    fullName: 'Noor Hassan',
    login: 'apple',
    appleEmail: 'apple.user@example.com',
  },
  {
    sub: 'sbx-google',
    phone: phone('10'),
    fullName: 'Karim Mansour',
    login: 'google',
    googleEmail: 'google.user@example.com',
  },
  {
    sub: 'sbx-oneclick-approve',
    phone: phone('11'),
    fullName: 'Fatima Noor',
    login: 'otp',
    oneClick: 'approve',
  },
  {
    sub: 'sbx-oneclick-reject',
    phone: phone('12'),
    fullName: 'Ali Rahman',
    login: 'otp',
    oneClick: 'reject',
  },
  {
    sub: 'sbx-oneclick-otp',
    phone: phone('13'),
    fullName: 'Huda Salem',
    login: 'otp',
    oneClick: 'otp',
  },
  {
    sub: 'sbx-ratelimited',
    phone: phone('15'),
    fullName: 'Bilal Aziz',
    login: 'otp',
    otpRateLimited: true,
  },
  {
    sub: 'sbx-pending',
    phone: phone('17'),
    fullName: 'Mona Fawzi',
    login: 'otp',
    oneClick: 'pending',
  },
  // E-mail only: sign-up with it gives EMAIL_ALREADY_USED.
  { sub: 'sbx-taken', email: 'taken@example.com', fullName: 'Taken Email', login: 'otp' },
];

/** Numbers that are not users but still have a rule. */
export const PHONE_RULES: Readonly<
  Record<string, 'blocked_for_signup' | 'phone_already_used' | 'error'>
> = {
  [phone('07')]: 'blocked_for_signup',
  [phone('16')]: 'phone_already_used',
  [phone('99')]: 'error',
};

/** Every persona number and e-mail: their OTP is always PERSONA_CODE. */
export const PERSONA_IDENTIFIERS: ReadonlySet<string> = new Set([
  ...Array.from({ length: 17 }, (_, i) => phone(String(i + 1).padStart(2, '0'))),
  phone('20'),
  phone('99'),
  'layla@example.com',
  'taken@example.com',
  'yusuf@example.com',
  'apple.user@example.com',
  'google.user@example.com',
  'new.apple@example.com',
  'new.google@example.com',
]);

export type SocialProvider = 'apple' | 'google';
export interface SocialAccount {
  readonly provider: SocialProvider;
  readonly email: string;
  readonly name: string;
  readonly registered: boolean;
}
export const SOCIAL_ACCOUNTS: readonly SocialAccount[] = [
  { provider: 'apple', email: 'apple.user@example.com', name: 'Noor Hassan', registered: true },
  { provider: 'apple', email: 'new.apple@example.com', name: 'New Apple', registered: false },
  { provider: 'google', email: 'google.user@example.com', name: 'Karim Mansour', registered: true },
  { provider: 'google', email: 'new.google@example.com', name: 'New Google', registered: false },
];

/**
 * The checkouts merchants have registered, by invoice id: what a one-click push's approval says of
 * the merchant and its promo (security review, L7), whatever the shopper's address names. Any
 * other invoice is unknown: the approval names no merchant and no promo.
 */
export const CHECKOUTS: Readonly<Record<string, Pick<ApprovalToken, 'merchant' | 'promo'>>> = {
  'INV-7': { merchant: 'Cafe Sandbox', promo: { value: 10, type: '%', outcome: 'CASHBACK' } },
  'INV-8': { merchant: 'Blue Shoes', promo: { value: 30, type: 'AED', outcome: 'DISCOUNT' } },
  'INV-9': { merchant: 'Book Nook' },
};

export const SANDBOX_LOGO_PATH = '/_sandbox/logo.svg';
export const CLIENTS: readonly ClientData[] = [
  { clientId: 'sandbox-web', clientName: 'Sandbox Web', logoUri: SANDBOX_LOGO_PATH },
  { clientId: 'sandbox-nologo', clientName: 'Sandbox No Logo', logoUri: null },
];
/** A client whose recovery challenge is not a full name (the 'not configured' message). */
export const NATIONAL_ID_RECOVERY_CLIENT = 'sandbox-nologo';

/** Bearer tokens for the connected-apps page. */
export const ACCESS_TOKENS: Readonly<Record<string, string>> = {
  'sandbox-access-token': 'sbx-layla',
  'sandbox-empty-token': 'sbx-omar',
};

export type EmailLinkSeed = {
  readonly id: string;
  readonly state: 'pending' | 'verified' | 'expired';
};
export const EMAIL_LINKS: readonly EmailLinkSeed[] = [
  { id: 'ev-valid', state: 'pending' },
  { id: 'ev-used', state: 'verified' },
  { id: 'ev-expired', state: 'expired' },
];

export const RESET_TOKENS = { valid: 'reset-valid', expired: 'reset-expired' } as const;
export const PROFILE_TOKENS = {
  valid: 'profile-valid',
  expired: 'profile-expired',
  error: 'profile-error',
} as const;
export const CORPORATE_TOKENS = { valid: 'corp-valid', invalid: 'corp-invalid' } as const;
export const ALERTS = {
  'alert-login': 'LOGIN',
  'alert-profile': 'PROFILE_UPDATE',
} as const;
export const ALERT_ERROR = 'alert-error';
/**
 * What an alert knows of its account: the account (whose 'This wasn't me' secures it), the client,
 * and the mobile number when it has one. Layla has no passkey; Hana has one once she adds it.
 */
export const ALERT_ACCOUNTS: Readonly<
  Record<keyof typeof ALERTS, { sub: string; clientId: string; phone?: string }>
> = {
  'alert-login': { sub: 'sbx-layla', clientId: 'sandbox-web', phone: phone('01') },
  'alert-profile': { sub: 'sbx-hana', clientId: 'sandbox-web' },
};

export type InvitationOutcome =
  | { kind: 'pending' }
  | { kind: 'error'; status: 400 | 401 | 404; code?: string }
  | { kind: 'motfail' };
export const INVITATIONS: Readonly<Record<string, InvitationOutcome>> = {
  'inv-valid': { kind: 'pending' },
  'inv-expired': { kind: 'error', status: 400, code: 'BU-0010' },
  'inv-used': { kind: 'error', status: 400, code: 'BU-0011' },
  'inv-inactive': { kind: 'error', status: 400, code: 'BU-0012' },
  'inv-revoked': { kind: 'error', status: 400, code: 'BU-0013' },
  'inv-cancelled': { kind: 'error', status: 400, code: 'BU-0014' },
  'inv-rejected': { kind: 'error', status: 400, code: 'BU-0015' },
  'inv-badshape': { kind: 'error', status: 400, code: 'BU-0016' },
  'inv-unknown': { kind: 'error', status: 400, code: 'BU-0099' },
  'inv-notfound': { kind: 'error', status: 404 },
  'inv-unauthorized': { kind: 'error', status: 401 },
  'inv-motfail': { kind: 'motfail' },
};

/** Valid invitation (promotion) code at sign-up; any other gives US-0025. */
export const INVITATION_CODE = 'SANDBOX10';

/** The persona table of the people's page. */
export const PERSONA_TABLE: readonly (readonly [string, string])[] = [
  [phone('01'), `Layla Haddad: password ${SANDBOX_PASSWORD}; wrong password gives US-0051`],
  [phone('02'), "Omar Khan: OTP; skipped for 30 days on a browser that chose 'Stay signed in'"],
  [phone('03'), 'nobody: unregistered, sign-up succeeds'],
  [phone('04'), "Sara Ahmed: confirm name; 'no' is a new user"],
  [
    phone('05'),
    `Yusuf Ali: try another way (PIN 1234, card 4242, yusuf@example.com, Yusuf Ali, ${SANDBOX_PASSWORD})`,
  ],
  [phone('06'), 'blocked: USER_BLOCKED (US-0068)'],
  [phone('07'), 'sign-up blocked: USER_BLOCKED_FOR_SIGNUP (US-0089)'],
  [phone('08'), 'any password: USER_TEMPORARILY_BLOCKED (US-0013)'],
  [phone('09'), 'challenge apple (apple.user@example.com)'],
  [phone('10'), 'challenge google (google.user@example.com)'],
  [phone('11'), 'one-click: push approved by itself after 3 s'],
  [phone('12'), 'one-click: push rejected by itself after 3 s'],
  [phone('13'), 'one-click: OTP'],
  [phone('14'), 'one-click: invalid_user'],
  [phone('15'), 'sending an OTP: ERROR_RATE_LIMIT_REACHED (APP-0020)'],
  [phone('16'), 'sign-up: PHONE_ALREADY_USED (US-0016)'],
  [phone('17'), 'one-click: push nobody answers'],
  [phone('18'), 'blocked: cash-trip underpayment (US-0068, block_reason cash_trip_underpayment)'],
  [phone('19'), 'blocked: outstanding payments (US-0068, block_reason outstanding_payments)'],
  [
    phone('20'),
    "Hana Saleh: OTP (skipped on a browser that chose 'Stay signed in'); can add a passkey after it, then signs in with it (a reset forgets it)",
  ],
  [phone('99'), 'every call: 500 (APP-0001)'],
  ['layla@example.com', `e-mail login, password ${SANDBOX_PASSWORD}`],
  ['taken@example.com', 'sign-up: EMAIL_ALREADY_USED (US-0036)'],
];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The other places the signed-in personas are signed in (the security page's list; the session of
 * the page's own access token joins it, as `current`, at its first call): times are before the
 * seed. Layla has three (one a trusted device), Omar and Hana one each.
 */
export interface SessionSeed {
  readonly id: string;
  readonly sub: string;
  readonly kind: 'session' | 'trusted_device';
  readonly browser: string;
  readonly os: string;
  readonly device?: string;
  readonly city: string;
  readonly country: string;
  readonly signedInAgoMs: number;
  readonly activeAgoMs: number;
}
export const SEED_SESSIONS: readonly SessionSeed[] = [
  {
    id: 'ses-layla-iphone',
    sub: 'sbx-layla',
    kind: 'trusted_device',
    browser: 'Safari',
    os: 'iOS',
    device: 'iPhone',
    city: 'Dubai',
    country: 'AE',
    signedInAgoMs: 20 * DAY_MS,
    activeAgoMs: 2 * HOUR_MS,
  },
  {
    id: 'ses-layla-windows',
    sub: 'sbx-layla',
    kind: 'session',
    browser: 'Edge',
    os: 'Windows',
    city: 'Abu Dhabi',
    country: 'AE',
    signedInAgoMs: 9 * DAY_MS,
    activeAgoMs: 3 * DAY_MS,
  },
  {
    id: 'ses-layla-android',
    sub: 'sbx-layla',
    kind: 'session',
    browser: 'Chrome',
    os: 'Android',
    device: 'Galaxy S24',
    city: 'Riyadh',
    country: 'SA',
    signedInAgoMs: 25 * DAY_MS,
    activeAgoMs: 12 * DAY_MS,
  },
  {
    id: 'ses-omar-android',
    sub: 'sbx-omar',
    kind: 'session',
    browser: 'Chrome',
    os: 'Android',
    device: 'Pixel 8',
    city: 'Karachi',
    country: 'PK',
    signedInAgoMs: 4 * DAY_MS,
    activeAgoMs: 5 * HOUR_MS,
  },
  {
    id: 'ses-hana-ipad',
    sub: 'sbx-hana',
    kind: 'session',
    browser: 'Safari',
    os: 'iPadOS',
    device: 'iPad',
    city: 'Erbil',
    country: 'IQ',
    signedInAgoMs: 6 * DAY_MS,
    activeAgoMs: DAY_MS,
  },
];

/**
 * Layla's passkeys, as the security page lists them (made elsewhere: they cannot sign in here,
 * their keys are not the virtual authenticator's). Hana's come from her enrolment.
 */
export interface PasskeySeed {
  readonly id: string;
  readonly sub: string;
  readonly name: string;
  readonly createdAgoMs: number;
  readonly usedAgoMs?: number;
}
export const SEED_PASSKEYS: readonly PasskeySeed[] = [
  {
    id: 'cGstbGF5bGEtaWNsb3Vk',
    sub: 'sbx-layla',
    name: 'iCloud Keychain',
    createdAgoMs: 40 * DAY_MS,
    usedAgoMs: 2 * DAY_MS,
  },
  {
    id: 'cGstbGF5bGEtZ29vZ2xl',
    sub: 'sbx-layla',
    name: 'Google Password Manager',
    createdAgoMs: 10 * DAY_MS,
  },
];
