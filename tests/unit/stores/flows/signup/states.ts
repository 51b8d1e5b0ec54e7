/** Sign-up states the transition tests start from, built by the transition itself. */
import type { ErrorBody } from '../../../../../src/api/errors.ts';
import {
  DEFAULT_SIGNUP_PRESETS,
  initialState,
  type SignupEvent,
  type SignupPresets,
  type SignupState,
} from '../../../../../src/stores/flows/signup/index.ts';
import { transition } from '../../../../../src/stores/flows/signup/transition.ts';
import { http } from '../failures.ts';

/** A 400 answer with the error code in both places the back end puts it. */
export const code = (error_code: string, extra: ErrorBody = {}) =>
  http(400, { error_code, additional_information: { error_code }, ...extra });
export const PHONE = { country: 'AE' as const, input: '500000003' };

export function run(state: SignupState, ...events: SignupEvent[]): SignupState {
  return events.reduce(transition, state);
}

export function init(presets: Partial<SignupPresets> = {}, appleFullName?: string): SignupState {
  return transition(initialState(), {
    type: 'initialized',
    presets: { ...DEFAULT_SIGNUP_PRESETS, ...presets },
    appleFullName,
  });
}

/** A filled form, sent: on the code view for +971500000003. */
export function onOtp(presets: Partial<SignupPresets> = {}): SignupState {
  return run(
    init(presets),
    { type: 'valueChanged', field: 'fullName', value: 'Mona Saeed' },
    { type: 'phoneChanged', value: PHONE, digits: '971500000003' },
    { type: 'valueChanged', field: 'password', value: 'Sandbox-Pass9' },
    { type: 'submitted', phone: '971500000003' },
  );
}

/** Onboarding in flight after a verified code. */
export function onboarding(presets: Partial<SignupPresets> = {}): SignupState {
  return transition(onOtp(presets), { type: 'otpVerified', id: 'ver-1' });
}
