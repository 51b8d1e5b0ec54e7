/**
 * The browser's side of the deps the flows share (phone rules, the robot check flag, the device
 * record, this tab's storage), for the islands that create the flows. Tests
 * hand the flows fakes instead.
 */
import { collectDeviceRecord, deviceIdentity } from '../../lib/device.ts';
import { writeLastCountry } from '../../lib/last-country.ts';
import { readPersisted, writePersisted } from '../../lib/persisted.ts';
import { loadPhoneRules, type PhoneInputValue } from '../../lib/phone.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { $flags } from '../flags.ts';
import type { PersistedName } from './social.ts';

/** A phone input to international digits, or undefined when it is not a valid number. */
export async function validatePhone(value: PhoneInputValue): Promise<string | undefined> {
  const phone = (await loadPhoneRules()).toPhone(value.input, value.country);
  if (!phone.isValid) return undefined;
  writeLastCountry(phone.countryCode);
  return phone.fullPhoneNumber;
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
