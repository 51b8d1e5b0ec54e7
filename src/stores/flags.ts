/**
 * Remote feature flags: read once per page (src/api/flags.ts, 3000 ms at most; the answer is read
 * by ./flags-answer.ts); safe defaults when the flag service is slow, down or answers nonsense.
 */
import { atom } from 'nanostores';
import { fetchFlags } from '../api/flags.ts';
import { later } from '../lib/later.ts';

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

export type FlagsState = { status: 'loading'; flags: Flags } | { status: 'ready'; flags: Flags };

export const $flags = atom<FlagsState>({ status: 'loading', flags: DEFAULT_FLAGS });

let loading: Promise<Flags> | undefined;

/** How an answer is read (./flags-answer.ts): fetched beside the call, not with the page. */
const answerReader = later(() => import('./flags-answer.ts'), { when: 'demand' });

/** Loads the flags once per page; resolves with the defaults on timeout or error. */
export function loadFlags(fetcher: () => Promise<unknown> = fetchFlags): Promise<Flags> {
  loading ??= Promise.all([fetcher(), answerReader.load()])
    .then(
      ([answer, { toFlags }]) => toFlags(answer),
      () => DEFAULT_FLAGS,
    )
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
