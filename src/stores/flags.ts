/**
 * Remote feature flags: read once per page (src/api/flags.ts, 3000 ms at most); safe defaults
 * when the flag service is slow, down or answers nonsense.
 */
import { atom } from 'nanostores';
import { fetchFlags } from '../api/flags.ts';
import type { FlagsResponse } from '../contract/shell.ts';

export interface Flags {
  businessInvitationS2SRoles: boolean;
  googleEnabled: boolean;
  enhancedForm: boolean;
  /** Lower-cased list of passwords refused at sign-up. */
  weakPasswords: readonly string[];
  recaptchaV2: boolean;
  shieldEnabled: boolean;
  oneClickSignup: boolean;
  /** Google's automatic One Tap prompt on /login and /signup/. */
  googleOneTap: boolean;
  /** Upper-cased ISO 3166 codes a phone field may start in; empty: any country. */
  phoneCountries: readonly string[];
}

/** The weak passwords refused at sign-up while the remote flags give no list of their own. */
export const DEFAULT_WEAK_PASSWORDS = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '111111',
  '000000',
  '654321',
  'password',
  'password1',
  'qwerty',
  'qwerty123',
  'abc123',
  'iloveyou',
  'letmein',
  'welcome',
  'admin123',
] as const;

export const DEFAULT_FLAGS: Flags = {
  businessInvitationS2SRoles: false,
  googleEnabled: true,
  // The layout the pages are pre-rendered in: the one the flag service answers (the sandbox's
  // too), so that its answer changes nothing on the screen (no layout shift, no new title).
  enhancedForm: true,
  weakPasswords: DEFAULT_WEAK_PASSWORDS,
  recaptchaV2: false,
  shieldEnabled: false,
  oneClickSignup: false,
  googleOneTap: false,
  phoneCountries: [],
};

export function parseWeakPasswords(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** `AE, eg,xx1` → `['AE', 'EG']`: two-letter codes only. */
export function parseCountries(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item) => /^[A-Z]{2}$/.test(item));
}

/** Flags from an answer, each one checked; anything missing or mistyped keeps its default. */
export function toFlags(answer: unknown): Flags {
  const raw = (answer as Partial<FlagsResponse> | undefined)?.flags;
  if (!raw || typeof raw !== 'object') return DEFAULT_FLAGS;
  const bool = (name: Exclude<keyof Flags, 'weakPasswords' | 'phoneCountries'>) =>
    typeof raw[name] === 'boolean' ? raw[name] : DEFAULT_FLAGS[name];
  const weak = typeof raw.weakPasswords === 'string' ? parseWeakPasswords(raw.weakPasswords) : [];
  return {
    businessInvitationS2SRoles: bool('businessInvitationS2SRoles'),
    googleEnabled: bool('googleEnabled'),
    enhancedForm: bool('enhancedForm'),
    weakPasswords: weak.length > 0 ? weak : DEFAULT_FLAGS.weakPasswords,
    recaptchaV2: bool('recaptchaV2'),
    shieldEnabled: bool('shieldEnabled'),
    oneClickSignup: bool('oneClickSignup'),
    googleOneTap: bool('googleOneTap'),
    phoneCountries:
      typeof raw.phoneCountries === 'string' ? parseCountries(raw.phoneCountries) : [],
  };
}

export type FlagsState = { status: 'loading'; flags: Flags } | { status: 'ready'; flags: Flags };

export const $flags = atom<FlagsState>({ status: 'loading', flags: DEFAULT_FLAGS });

let loading: Promise<Flags> | undefined;

/** Loads the flags once per page; resolves with the defaults on timeout or error. */
export function loadFlags(fetcher: () => Promise<unknown> = fetchFlags): Promise<Flags> {
  loading ??= fetcher()
    .then(toFlags, () => DEFAULT_FLAGS)
    .then((flags) => {
      $flags.set({ status: 'ready', flags });
      return flags;
    });
  return loading;
}

/** For tests: forget the loaded flags. */
export function resetFlags(): void {
  loading = undefined;
  $flags.set({ status: 'loading', flags: DEFAULT_FLAGS });
}
