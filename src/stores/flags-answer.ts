/**
 * The flag service's answer read into flags (./flags.ts): each flag checked, anything missing or
 * mistyped keeps its default. Loaded beside the flags' call, not with the page.
 */
import type { FlagsResponse } from '../contract/shell.ts';
import { DEFAULT_FLAGS, type Flags } from './flags.ts';

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
