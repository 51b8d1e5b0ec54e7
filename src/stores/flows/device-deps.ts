/**
 * The browser's device record for the flows' calls (`profiling`, and `shieldParams` when device
 * intelligence is on): only the calls need it, so the islands whose calls load later load this
 * with them (`laterCall`), and src/lib/device.ts is not in their first load.
 */
import { collectDeviceRecord, deviceIdentity } from '../../lib/device.ts';
import { $flags } from '../flags.ts';

/** The device record sent as `profiling`. */
export function profiling(): Record<string, unknown> {
  return collectDeviceRecord(deviceIdentity()) as unknown as Record<string, unknown>;
}

/** The device record for device intelligence, when its flag is on. */
export const shieldParams = (): Record<string, unknown> | undefined =>
  $flags.get().flags.shieldEnabled ? profiling() : undefined;
