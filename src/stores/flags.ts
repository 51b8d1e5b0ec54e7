/**
 * Remote feature flags: read once per page (src/api/flags.ts, 3000 ms at most), with safe defaults
 * when the flag service is slow, down or answers nonsense. Nothing waits for them: the forms are
 * usable from their first paint, in the layout they are pre-rendered in (`DEFAULT_FLAGS`).
 *
 * The last answer is kept on this device for a while (`FLAGS_KEPT_MS`, local storage): a page that
 * finds one uses it as it starts, before anyone can type. The page's own answer is kept for the
 * next visit, and applies at once unless the person has started on the page: from then on the
 * flags that lay the form out (`LAYOUT_FLAGS`) stay as they are, so nothing moves under a finger.
 */
import { atom } from 'nanostores';
import { fetchFlags } from '../api/flags.ts';
import type { FlagsResponse } from '../contract/shell.ts';
import { localStore } from '../lib/web-storage.ts';

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

/** The flags that show, hide or reword what the forms lay out. */
export const LAYOUT_FLAGS = ['enhancedForm', 'googleEnabled'] as const;

/** How long an answer is kept on this device for the next pages. */
export const FLAGS_KEPT_MS = 60 * 60 * 1000;
const KEPT_KEY = 'acct:flags';

/**
 * `loading`: no answer yet, the defaults; `kept`: the answer kept from an earlier page; `ready`:
 * this page's answer (or the defaults, when the service failed or was too slow).
 */
export type FlagsState = { status: 'loading' | 'kept' | 'ready'; flags: Flags };

export const $flags = atom<FlagsState>({ status: 'loading', flags: DEFAULT_FLAGS });

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

/** The answer kept on this device, if it is recent enough. */
export function readKeptFlags(now = Date.now(), store = localStore()): Flags | undefined {
  try {
    const kept = JSON.parse(store?.getItem(KEPT_KEY) ?? 'null') as {
      at?: unknown;
      answer?: unknown;
    } | null;
    if (typeof kept?.at !== 'number' || now - kept.at > FLAGS_KEPT_MS || kept.at > now) {
      return undefined;
    }
    return toFlags(kept.answer);
  } catch {
    return undefined;
  }
}

export function keepFlags(answer: unknown, now = Date.now(), store = localStore()): void {
  try {
    store?.setItem(KEPT_KEY, JSON.stringify({ at: now, answer }));
  } catch {
    // A full or refused storage only costs the next page the wait.
  }
}

/** Whether the person has started on the page (typed, pressed, touched). */
let started = false;
const START_EVENTS = ['keydown', 'pointerdown', 'input'] as const;
function watchStart(): void {
  if (typeof document === 'undefined') return;
  const start = () => {
    started = true;
    for (const type of START_EVENTS) document.removeEventListener(type, start, true);
  };
  for (const type of START_EVENTS) document.addEventListener(type, start, true);
}

/** The answer's flags, but the layout of the form already in use once the person has started. */
function applied(answer: Flags, current: Flags): Flags {
  if (!started) return answer;
  const layout = Object.fromEntries(LAYOUT_FLAGS.map((name) => [name, current[name]]));
  return { ...answer, ...layout };
}

let loading: Promise<Flags> | undefined;

/**
 * Loads the flags once per page (the kept ones at once, when there are): resolves with the flags
 * this page goes on with.
 */
export function loadFlags(fetcher: () => Promise<unknown> = fetchFlags): Promise<Flags> {
  if (loading) return loading;
  watchStart();
  const kept = readKeptFlags();
  if (kept) $flags.set({ status: 'kept', flags: kept });
  loading = fetcher()
    .then(
      (answer) => {
        keepFlags(answer);
        return applied(toFlags(answer), $flags.get().flags);
      },
      // No answer: the kept flags go on, or the defaults.
      () => $flags.get().flags,
    )
    .then((flags) => {
      $flags.set({ status: 'ready', flags });
      return flags;
    });
  return loading;
}

/** For tests: forget the loaded flags and the person's start. */
export function resetFlags(): void {
  loading = undefined;
  started = false;
  $flags.set({ status: 'loading', flags: DEFAULT_FLAGS });
}
