/**
 * SMS pumping (issue 33, item 1): with the `phoneCountries` flag set, a valid number from another
 * country is refused before any code is sent, in every flow that sends one to a typed number:
 * login, one-click, sign-up, the recovery form. The flows get the real check (`checkPhone`), as
 * the browser's deps hand it to them; nothing that sends is called.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Text } from '../../../../src/i18n/types.ts';
import { loadPhoneRules, type Phone, type PhoneInputValue } from '../../../../src/lib/phone.ts';
import { $flags, DEFAULT_FLAGS } from '../../../../src/stores/flags.ts';
import { validatePhone } from '../../../../src/stores/flows/browser-deps.ts';
import {
  codeIdentifier,
  createLoginFlow,
  DEFAULT_PRESETS,
} from '../../../../src/stores/flows/login/index.ts';
import { createOneClickFlow } from '../../../../src/stores/flows/one-click/index.ts';
import {
  createRecoveryFormFlow,
  initialState as recoveryState,
  transition as recoveryTransition,
  type RecoveryFormDeps,
} from '../../../../src/stores/flows/recovery-form/index.ts';
import {
  DEFAULT_SIGNUP_PRESETS,
  createSignupFlow,
  initialState as signupState,
  transition as signupTransition,
} from '../../../../src/stores/flows/signup/index.ts';
import { openCodeStep } from './code-step.ts';
import { fakeLoginDeps } from './login/deps.ts';
import { checkout, harness } from './one-click/harness.ts';
import { fakeDeps as fakeSignupDeps } from './signup/deps.ts';

const rules = await loadPhoneRules();
const ALLOWED = ['AE', 'SA'];
/** An Egyptian mobile number typed in international form while the picker shows the UAE. */
const EGYPT: PhoneInputValue = { country: 'AE', input: '+20 100 123 4567' };
const UAE: PhoneInputValue = { country: 'AE', input: '50 000 0001' };
const REFUSED: Text = { key: 'fields:phone.countryRefused', params: { country: 'EG' } };

/** A number as the phone field shows it (as `presetPhone` gives it). */
const asInput = (phone: Phone | undefined): PhoneInputValue | undefined =>
  phone && { country: phone.countryCode, input: phone.nationalPhoneNumber };

/** The browser's check with the flags' countries (the deps the islands build). */
const check = (allowed: readonly string[]) => (value: PhoneInputValue) =>
  Promise.resolve(rules.checkPhone(value, allowed));

afterEach(() => $flags.set({ status: 'loading', flags: DEFAULT_FLAGS }));

describe('the check', () => {
  it('refuses a country the flags leave out, naming it; allows every one without the flag', () => {
    expect(rules.countryRefusal('EG', ALLOWED)).toEqual(REFUSED);
    expect(rules.countryRefusal('SA', ALLOWED)).toBeUndefined();
    expect(rules.countryRefusal('EG', [])).toBeUndefined();
  });

  it('reads the number first: a valid one refused or allowed, an invalid one neither', () => {
    expect(rules.checkPhone(EGYPT, ALLOWED)).toEqual({ refused: REFUSED });
    // A national number in the picked country, and a pasted one in another allowed country.
    expect(rules.checkPhone(UAE, ALLOWED)).toEqual({ digits: '971500000001', country: 'AE' });
    expect(rules.checkPhone({ country: 'AE', input: '+966 50 123 4567' }, ALLOWED)).toEqual({
      digits: '966501234567',
      country: 'SA',
    });
    expect(rules.checkPhone({ country: 'EG', input: '100 123 4567' }, ALLOWED)).toEqual({
      refused: REFUSED,
    });
    expect(rules.checkPhone(EGYPT, [])).toEqual({ digits: '201001234567', country: 'EG' });
    expect(rules.checkPhone({ country: 'EG', input: '12' }, ALLOWED)).toBeUndefined();
  });

  it("the browser's validatePhone reads the flags' countries", async () => {
    expect(await validatePhone(EGYPT)).toEqual({ digits: '201001234567', country: 'EG' });
    $flags.set({ status: 'ready', flags: { ...DEFAULT_FLAGS, phoneCountries: ALLOWED } });
    expect(await validatePhone(EGYPT)).toEqual({ refused: REFUSED });
    expect(await validatePhone(UAE)).toEqual({ digits: '971500000001', country: 'AE' });
  });
});

describe('login', () => {
  it('says so at the field and sends no login (which could send a code)', async () => {
    const deps = fakeLoginDeps({ validatePhone: vi.fn(check(ALLOWED)) });
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(EGYPT);
    await flow.submitPhone();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      submitting: false,
      fieldError: REFUSED,
    });
    expect(deps.phoneLogin).not.toHaveBeenCalled();
    expect(deps.sendOtp).not.toHaveBeenCalled();
    flow.changePhone(UAE);
    await flow.submitPhone();
    expect(deps.phoneLogin).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('a code step the address opens for such a number sends nothing: the phone form says why', async () => {
    const shown = { hidden: () => false, subscribe: () => () => {} };
    const codes = { lastSent: () => Promise.resolve(undefined), markSent: vi.fn() };
    const deps = fakeLoginDeps({
      validatePhone: vi.fn(check(ALLOWED)),
      presetPhone: (digits) => Promise.resolve(rules.phoneFromPreset(digits)).then(asInput),
      addressCode: { codes, visibility: shown },
    });
    const flow = createLoginFlow(deps);
    await flow.init({ ...DEFAULT_PRESETS, view: 'otp', fullMobileNumber: '201001234567' });
    expect(flow.$state.get().view).toBe('otp');
    const otp = await openCodeStep(flow.codeStep, codeIdentifier(flow.$state.get()));
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(codes.markSent).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      phoneInput: { country: 'EG', input: '1001234567' },
      fieldError: REFUSED,
    });
    otp.destroy();
    flow.destroy();
  });

  it('without the flag, the same number is sent', async () => {
    const deps = fakeLoginDeps({ validatePhone: vi.fn(check([])) });
    const flow = createLoginFlow(deps);
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(EGYPT);
    await flow.submitPhone();
    expect(deps.phoneLogin).toHaveBeenCalledWith(
      expect.objectContaining({ phone_number: '201001234567' }),
      expect.anything(),
    );
    flow.destroy();
  });
});

describe('one-click', () => {
  it('says so at the field and sends no login', async () => {
    const h = harness();
    const flow = createOneClickFlow({ ...h.deps, validatePhone: check(ALLOWED) });
    flow.init({ checkout });
    flow.changePhone(EGYPT);
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'phone_form',
      submitting: false,
      fieldError: REFUSED,
    });
    expect(h.logins).toEqual([]);
    flow.destroy();
  });
});

describe('sign-up', () => {
  const parsePhone = (allowed: readonly string[]) => (value: PhoneInputValue) =>
    rules.checkPhone(value, allowed);

  it('the transition keeps the refusal and no digits to send to', () => {
    const state = signupTransition(signupState(), {
      type: 'phoneChanged',
      value: EGYPT,
      digits: undefined,
      refused: REFUSED,
    });
    expect(state).toMatchObject({ phoneDigits: undefined, phoneRefused: REFUSED });
    const changed = signupTransition(state, {
      type: 'phoneChanged',
      value: UAE,
      digits: '971500000001',
    });
    expect(changed).toMatchObject({ phoneDigits: '971500000001', phoneRefused: undefined });
  });

  it('says so as the field is left and on submit; no code, no onboarding', async () => {
    const { deps } = fakeSignupDeps({ parsePhone: parsePhone(ALLOWED) });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    flow.changePhone(EGYPT);
    flow.change('password', 'Sandbox-Pass9');
    flow.blur('phone');
    expect(flow.$state.get().fieldErrors.phone).toEqual(REFUSED);
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'signup_form',
      submitting: false,
      fieldErrors: { phone: REFUSED },
    });
    expect(deps.sendOtp).not.toHaveBeenCalled();
    expect(deps.onboard).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('without the flag, the same number gets its code', async () => {
    const { deps } = fakeSignupDeps({ parsePhone: parsePhone([]) });
    const flow = createSignupFlow(deps);
    await flow.init(DEFAULT_SIGNUP_PRESETS);
    flow.change('fullName', 'Mona Saeed');
    flow.changePhone(EGYPT);
    flow.change('password', 'Sandbox-Pass9');
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({ view: 'otp', phone: '201001234567' });
    flow.destroy();
  });
});

describe('recovery form', () => {
  const details = { country: 'AE' as const, method: 'full_name' as const, answer: 'Layla Haddad' };

  it('the transition puts the refusal at the phone field and sends nothing', () => {
    const state = recoveryTransition(recoveryState({ ...details, phoneInput: EGYPT.input }), {
      type: 'detailsSubmitted',
      phone: { refused: REFUSED },
    });
    expect(state).toMatchObject({
      view: 'details',
      submitting: false,
      phoneNumber: undefined,
      fieldErrors: { phone: REFUSED },
    });
  });

  it('the flow sends no code', async () => {
    const sendCode = vi.fn<RecoveryFormDeps['sendCode']>().mockResolvedValue(undefined);
    const flow = createRecoveryFormFlow({
      parsePhone: (country, input) => check(ALLOWED)({ country, input }),
      sendCode,
      verifyCode: vi.fn(),
      createToken: vi.fn(),
      resetPassword: vi.fn(),
      now: () => 0,
      go: vi.fn(),
    });
    flow.setDetails({ ...details, phoneInput: EGYPT.input });
    await flow.submitDetails();
    expect(flow.$state.get()).toMatchObject({ view: 'details', fieldErrors: { phone: REFUSED } });
    expect(sendCode).not.toHaveBeenCalled();
    flow.setDetails({ phoneInput: UAE.input });
    await flow.submitDetails();
    expect(sendCode).toHaveBeenCalledWith('971500000001');
  });
});
