import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors.ts';
import {
  createResetPasswordFlow,
  initialState,
  isWaiting,
  PASSWORD_SUCCESS_PATH,
  transition,
  type ResetPasswordDeps,
  type ResetPasswordState,
} from '../../../../src/stores/flows/reset-password.ts';
import { http } from './failures.ts';
import { waitClock } from './wait-clock.ts';

const GOOD = 'Sandbox-Pass2';

function typed(password: string, from = initialState()): ResetPasswordState {
  return transition(from, { type: 'passwordChanged', password });
}

describe('transition', () => {
  it('starts editing an empty password, invalid', () => {
    expect(initialState()).toEqual({
      view: 'editing',
      password: '',
      failed: ['minLength', 'lowercase', 'uppercase', 'digit'],
      invalid: true,
      recaptchaRequired: false,
      recaptchaToken: undefined,
    });
  });

  it('is expired when the address has no token, and stays editing with one', () => {
    const start = initialState();
    expect(transition(start, { type: 'opened', hasToken: false })).toEqual({ view: 'expired' });
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
      view: 'submitting',
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
    expect(submitting.view).toBe('submitting');
    expect(transition(submitting, { type: 'submitted' })).toBe(submitting);
    expect(transition(submitting, { type: 'passwordChanged', password: 'x' })).toBe(submitting);
    expect(transition(submitting, { type: 'succeeded' })).toEqual({ view: 'changed' });
  });

  it('is expired on INVALID_RESET_TOKEN', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    expect(
      transition(submitting, { type: 'failed', failure: http(400, 'INVALID_RESET_TOKEN') }),
    ).toEqual({ view: 'expired' });
  });

  it("shows 'Password is too weak.' at the field on INVALID_PASSWORD", () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    const weak = transition(submitting, { type: 'failed', failure: http(400, 'INVALID_PASSWORD') });
    expect(weak).toMatchObject({
      view: 'editing',
      password: GOOD,
      invalid: false,
      fieldError: { dynamic: 'error:INVALID_PASSWORD', fallback: 'error:default' },
    });
    expect(weak).not.toHaveProperty('error');
  });

  it('asks for the robot check again on INVALID_RECAPTCHA', () => {
    const passed = transition(
      transition(typed(GOOD), { type: 'recaptchaRequired', required: true }),
      { type: 'recaptchaPassed', token: 't' },
    );
    const submitting = transition(passed, { type: 'submitted' });
    const refused = transition(submitting, {
      type: 'failed',
      failure: http(400, 'INVALID_RECAPTCHA'),
    });
    expect(refused).toMatchObject({
      view: 'editing',
      recaptchaToken: undefined,
      invalid: true,
      error: expect.anything(),
    });
    expect(refused).not.toHaveProperty('fieldError');
  });

  it('keeps the password and shows transport errors above the form', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    const offline = transition(submitting, { type: 'failed', failure: { kind: 'offline' } });
    expect(offline).toMatchObject({
      view: 'editing',
      password: GOOD,
      error: { key: 'common:offline' },
    });
    expect(offline).not.toHaveProperty('fieldError');
  });

  it('clears a server error when the password changes', () => {
    const submitting = transition(typed(GOOD), { type: 'submitted' });
    const failed = transition(submitting, { type: 'failed', failure: http(500) });
    expect(failed).toHaveProperty('error');
    expect(typed('Sandbox-Pass3', failed)).not.toHaveProperty('error');
  });

  it('ignores events that do not apply', () => {
    const changed: ResetPasswordState = { view: 'changed' };
    const expired: ResetPasswordState = { view: 'expired' };
    expect(transition(changed, { type: 'passwordChanged', password: 'x' })).toBe(changed);
    expect(transition(expired, { type: 'recaptchaRequired', required: true })).toBe(expired);
    expect(transition(expired, { type: 'recaptchaPassed', token: 't' })).toBe(expired);
    expect(transition(expired, { type: 'submitted' })).toBe(expired);
    expect(transition(initialState(), { type: 'succeeded' })).toEqual(initialState());
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
    expect(flow.$state.get()).toEqual({ view: 'changed' });
    expect(deps.go).toHaveBeenCalledWith(PASSWORD_SUCCESS_PATH);
    expect(deps.track).toHaveBeenCalledWith('changed');
    flow.destroy();
  });

  it('sends no robot-check token when none is required', async () => {
    const deps = fakeDeps();
    const flow = createResetPasswordFlow(deps);
    flow.open('t');
    flow.setPassword(GOOD);
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledWith({ token: 't', password: GOOD });
  });

  it('refuses a password found in a data breach at its field, and sends nothing', async () => {
    const checkPassword = vi
      .fn<NonNullable<ResetPasswordDeps['checkPassword']>>()
      .mockResolvedValue({ key: 'fields:password.breached' });
    const deps = fakeDeps({ checkPassword });
    const flow = createResetPasswordFlow(deps);
    flow.open('t');
    flow.setPassword(GOOD);
    await flow.submit();
    expect(checkPassword).toHaveBeenCalledWith(GOOD);
    expect(flow.$state.get()).toMatchObject({
      view: 'editing',
      fieldError: { key: 'fields:password.breached' },
    });
    expect(deps.resetPassword).not.toHaveBeenCalled();
    checkPassword.mockResolvedValue(undefined);
    flow.setPassword('Sandbox-Pass3');
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledWith({ token: 't', password: 'Sandbox-Pass3' });
  });

  it('is expired without a token, and never calls the server', async () => {
    const deps = fakeDeps();
    const flow = createResetPasswordFlow(deps);
    flow.open(undefined);
    expect(flow.$state.get()).toEqual({ view: 'expired' });
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
    expect(flow.$state.get()).toEqual({ view: 'expired' });
    expect(deps.go).not.toHaveBeenCalled();
  });
});

describe('rate limits of the new password', () => {
  const RATE_LIMIT = http(429, { error: 'too_many_requests' }, 90_000);

  function withWaits(clock = waitClock()) {
    const deps: ResetPasswordDeps = {
      resetPassword: vi.fn<ResetPasswordDeps['resetPassword']>().mockResolvedValue(undefined),
      go: vi.fn<ResetPasswordDeps['go']>(),
      wait: clock.deps,
    };
    const flow = createResetPasswordFlow(deps);
    flow.open('reset-valid');
    flow.setPassword(GOOD);
    return { flow, deps, clock };
  }

  it('waits as long as Retry-After says, refusing submit (typing keeps the wait), then allows it', async () => {
    const { flow, deps, clock } = withWaits();
    vi.mocked(deps.resetPassword).mockRejectedValueOnce(new ApiError(RATE_LIMIT));
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'editing',
      wait: { until: clock.now() + 90_000 },
    });
    flow.setPassword(`${GOOD}x`);
    expect(isWaiting(flow.$state.get())).toBe(true);
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledTimes(1);
    clock.advance(90_000);
    expect(isWaiting(flow.$state.get())).toBe(false);
    expect(flow.$state.get()).not.toHaveProperty('error');
    await flow.submit();
    expect(deps.resetPassword).toHaveBeenCalledTimes(2);
    expect(deps.go).toHaveBeenCalledWith(PASSWORD_SUCCESS_PATH);
  });

  it('a reload keeps the deadline: nothing is sent while it holds', async () => {
    const first = withWaits();
    vi.mocked(first.deps.resetPassword).mockRejectedValueOnce(new ApiError(RATE_LIMIT));
    await first.flow.submit();
    const second = withWaits(waitClock(first.clock.storage));
    await second.flow.submit();
    expect(second.deps.resetPassword).not.toHaveBeenCalled();
    expect(second.flow.$state.get()).toMatchObject({
      view: 'editing',
      error: { key: 'common:wait.kept' },
      wait: { until: first.clock.now() + 90_000 },
    });
  });
});
