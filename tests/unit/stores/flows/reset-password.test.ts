import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFailure } from '../../../../src/api/errors.ts';
import {
  createResetPasswordFlow,
  initialResetState,
  PASSWORD_SUCCESS_PATH,
  transition,
  type ResetPasswordDeps,
  type ResetPasswordState,
} from '../../../../src/stores/flows/reset-password.ts';

const http = (status: number, message?: string): ApiFailure => ({
  kind: 'http',
  status,
  body: message ? { error: message, message } : undefined,
});
const GOOD = 'Sandbox-Pass2';

function typed(password: string, from = initialResetState()): ResetPasswordState {
  return transition(from, { type: 'passwordChanged', password });
}

describe('transition', () => {
  it('starts editing an empty password, invalid', () => {
    expect(initialResetState()).toEqual({
      step: 'editing',
      password: '',
      failed: ['minLength', 'lowercase', 'uppercase', 'digit'],
      invalid: true,
      recaptchaRequired: false,
      recaptchaToken: undefined,
    });
  });

  it('is expired when the address has no token, and stays editing with one', () => {
    const start = initialResetState();
    expect(transition(start, { type: 'opened', hasToken: false })).toEqual({ step: 'expired' });
    expect(transition(start, { type: 'opened', hasToken: true })).toBe(start);
  });

  it('lists each broken rule while typing and clears the invalid flag when all pass', () => {
    expect(typed('abc')).toMatchObject({
      failed: ['minLength', 'uppercase', 'digit'],
      invalid: true,
    });
    expect(typed('Abc def1')).toMatchObject({ failed: ['noSpaces'], invalid: true });
    expect(typed(GOOD)).toMatchObject({ failed: [], invalid: false });
  });

  it('stays invalid while a required robot check is not passed', () => {
    const required = transition(typed(GOOD), { type: 'recaptchaRequired', required: true });
    expect(required).toMatchObject({ invalid: true, recaptchaRequired: true });
    expect(transition(required, { type: 'submitted' })).toBe(required);
    const passed = transition(required, { type: 'recaptchaPassed', token: 'sandbox-recaptcha-1' });
    expect(passed).toMatchObject({ invalid: false, recaptchaToken: 'sandbox-recaptcha-1' });
    expect(transition(passed, { type: 'submitted' })).toEqual({
      step: 'submitting',
      password: GOOD,
      recaptchaRequired: true,
      recaptchaToken: 'sandbox-recaptcha-1',
    });
  });

  it('refuses to submit an invalid password', () => {
    const weak = typed('abc');
    expect(transition(weak, { type: 'submitted' })).toBe(weak);
  });

  it('submits a valid password, then is changed on success', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    expect(submitting.step).toBe('submitting');
    expect(transition(submitting, { type: 'submitted' })).toBe(submitting);
    expect(transition(submitting, { type: 'passwordChanged', password: 'x' })).toBe(submitting);
    expect(transition(submitting, { type: 'succeeded' })).toEqual({ step: 'changed' });
  });

  it('is expired on INVALID_RESET_TOKEN', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    expect(
      transition(submitting, { type: 'failed', failure: http(400, 'INVALID_RESET_TOKEN') }),
    ).toEqual({ step: 'expired' });
  });

  it("shows 'Password is too weak.' at the field on INVALID_PASSWORD", () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    expect(
      transition(submitting, { type: 'failed', failure: http(400, 'INVALID_PASSWORD') }),
    ).toMatchObject({
      step: 'editing',
      password: GOOD,
      invalid: false,
      error: {
        atField: true,
        message: { dynamic: 'error:INVALID_PASSWORD', fallback: 'error:default' },
      },
    });
  });

  it('asks for the robot check again on INVALID_RECAPTCHA', () => {
    const passed = transition(
      transition(typed(GOOD), { type: 'recaptchaRequired', required: true }),
      { type: 'recaptchaPassed', token: 't' },
    );
    const submitting = transition(passed, { type: 'submitted' });
    expect(
      transition(submitting, { type: 'failed', failure: http(400, 'INVALID_RECAPTCHA') }),
    ).toMatchObject({
      step: 'editing',
      recaptchaToken: undefined,
      invalid: true,
      error: { atField: false },
    });
  });

  it('keeps the password and shows transport errors above the form', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    expect(transition(submitting, { type: 'failed', failure: { kind: 'offline' } })).toMatchObject({
      step: 'editing',
      password: GOOD,
      error: { atField: false, message: { key: 'common:offline' } },
    });
  });

  it('clears a server error when the password changes', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    const failed = transition(submitting, { type: 'failed', failure: http(500) });
    expect(failed).toHaveProperty('error');
    expect(typed('Sandbox-Pass3', failed)).not.toHaveProperty('error');
  });

  it('ignores events that do not apply', () => {
    const changed: ResetPasswordState = { step: 'changed' };
    const expired: ResetPasswordState = { step: 'expired' };
    expect(transition(changed, { type: 'passwordChanged', password: 'x' })).toBe(changed);
    expect(transition(expired, { type: 'recaptchaRequired', required: true })).toBe(expired);
    expect(transition(expired, { type: 'recaptchaPassed', token: 't' })).toBe(expired);
    expect(transition(expired, { type: 'submitted' })).toBe(expired);
    expect(transition(initialResetState(), { type: 'succeeded' })).toEqual(initialResetState());
    expect(transition(changed, { type: 'failed', failure: http(500) })).toBe(changed);
  });
});

function fakeDeps(overrides: Partial<ResetPasswordDeps> = {}) {
  return {
    resetPassword: vi.fn<ResetPasswordDeps['resetPassword']>().mockResolvedValue(undefined),
    go: vi.fn<ResetPasswordDeps['go']>(),
    track: vi.fn<NonNullable<ResetPasswordDeps['track']>>(),
    ...overrides,
  };
}

describe('createResetPasswordFlow', () => {
  it('puts the token, password and robot-check token, then goes to /password_success', async () => {
    const deps = fakeDeps();
    const flow = createResetPasswordFlow(deps);
    flow.open('reset-valid');
    expect(deps.track).toHaveBeenCalledWith('page');
    flow.requireRecaptcha(true);
    flow.setPassword(GOOD);
    await flow.submit();
    expect(deps.resetPassword).not.toHaveBeenCalled();
    flow.passRecaptcha('sandbox-recaptcha-1');
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledWith({
      token: 'reset-valid',
      password: GOOD,
      recaptchaToken: 'sandbox-recaptcha-1',
    });
    expect(flow.$reset.get()).toEqual({ step: 'changed' });
    expect(deps.go).toHaveBeenCalledWith(PASSWORD_SUCCESS_PATH);
    expect(deps.track).toHaveBeenCalledWith('changed');
    flow.exit();
  });

  it('sends no robot-check token when none is required', async () => {
    const deps = fakeDeps();
    const flow = createResetPasswordFlow(deps);
    flow.open('t');
    flow.setPassword(GOOD);
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledWith({ token: 't', password: GOOD });
  });

  it('is expired without a token, and never calls the server', async () => {
    const deps = fakeDeps();
    const flow = createResetPasswordFlow(deps);
    flow.open(undefined);
    expect(flow.$reset.get()).toEqual({ step: 'expired' });
    expect(deps.track).toHaveBeenCalledWith('expired');
    await flow.submit();
    expect(deps.resetPassword).not.toHaveBeenCalled();
  });

  it('turns an expired token into the expired view', async () => {
    const deps = fakeDeps({
      resetPassword: vi.fn().mockRejectedValue(new ApiError(http(400, 'INVALID_RESET_TOKEN'))),
    });
    const flow = createResetPasswordFlow(deps);
    flow.open('reset-expired');
    flow.setPassword(GOOD);
    await flow.submit();
    expect(flow.$reset.get()).toEqual({ step: 'expired' });
    expect(deps.go).not.toHaveBeenCalled();
  });
});
