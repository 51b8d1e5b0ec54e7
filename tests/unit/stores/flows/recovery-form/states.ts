/** Recovery-form states the tests start from, each built from the one before by the transition. */
import {
  initialState,
  transition,
  type RecoveryDetails,
} from '../../../../../src/stores/flows/recovery-form/index.ts';
import type { CheckedPhone } from '../../../../../src/lib/phone.ts';

export const PHONE = '971500000001';
export const details: RecoveryDetails = {
  country: 'AE',
  phoneInput: '500000001',
  method: 'full_name',
  answer: 'Layla Haddad',
};
export const valid: CheckedPhone = { digits: PHONE, country: 'AE' };
export const filled = initialState(details);
export const sending = transition(filled, { type: 'detailsSubmitted', phone: valid });
export const code = transition(sending, { type: 'codeSent', at: 1000 });
export const codeTyped = transition(code, { type: 'codeChanged', code: '123456' });
export const verifying = transition(codeTyped, { type: 'codeSubmitted' });
export const password = transition(verifying, { type: 'tokenReceived', token: 'reset_1' });
export const GOOD = 'Sandbox-Pass2';
