/**
 * The browser's side of the deps the flows share (phone rules, the robot check flag, the device
 * record, this tab's storage), for the islands that create the flows. Tests
 * hand the flows fakes instead.
 */
import type { Text } from '../../i18n/types.ts';
import { collectDeviceRecord, deviceIdentity } from '../../lib/device.ts';
import { later } from '../../lib/later.ts';
import { writeLastCountry } from '../../lib/last-country.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneRules, type CheckedPhone, type PhoneInputValue } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { $flags } from '../flags.ts';
import type { PersistedName } from './social.ts';

/** The countries the flags allow a code to be sent to (empty: every one). */
export const phoneCountries = (): readonly string[] => $flags.get().flags.phoneCountries;

/**
 * A phone input checked before a code is sent (`checkPhone`): its digits, or the flags' refusal
 * of its country; undefined when it is not a valid number. A number allowed is this device's
 * last country.
 */
export async function validatePhone(value: PhoneInputValue): Promise<CheckedPhone | undefined> {
  const checked = (await loadPhoneRules()).checkPhone(value, phoneCountries());
  if (checked && 'digits' in checked) writeLastCountry(checked.country);
  return checked;
}

/** A preset number (international digits) as an input value: its country and national number. */
export async function presetPhone(digits: string): Promise<PhoneInputValue | undefined> {
  const phone = (await loadPhoneRules()).phoneFromPreset(digits);
  return phone ? { country: phone.countryCode, input: phone.nationalPhoneNumber } : undefined;
}

/** Resends of a code pass the robot check first (the `recaptchaV2` flag). */
export const recaptchaRequired = (): boolean =>
  recaptchaMode($flags.get().flags.recaptchaV2) !== 'off';

/** Apple's name in this tab's session storage. */
export const persistedName: PersistedName = {
  read: (key) => readPersisted(key),
  write: (key, value) => void writePersisted(key, value),
};

/** The device record sent as `profiling`. */
export function profiling(): Record<string, unknown> {
  return collectDeviceRecord(deviceIdentity()) as unknown as Record<string, unknown>;
}

/** The device record for device intelligence, when its flag is on. */
export const shieldParams = (): Record<string, unknown> | undefined =>
  $flags.get().flags.shieldEnabled ? profiling() : undefined;

/**
 * The breached-password check, loaded when idle: it runs only when a new password is sent. The
 * split earns 0.7 KB gzip on /signup/'s first load (measured 2026-11-27), under the 2 KB rule, and
 * is kept because imported at once it put /signup/ at 95.4 KB, over its 95 KB ceiling.
 */
const breaches = later(() => import('../../api/breached-passwords.ts'));

/**
 * A new password's check against data breaches (src/api/breached-passwords.ts, `breachProblem`);
 * a check that could not load lets the person go on.
 */
export const breachCheck = (password: string): Promise<Text | undefined> =>
  breaches.load().then(
    ({ breachProblem }) => breachProblem(password),
    () => undefined,
  );
