import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import {
  createRecoveryFormFlow,
  initialState,
  RESEND_AFTER_S,
  type RecoveryFormDeps,
} from '../../../../../src/stores/flows/recovery-form/index.ts';
import { http } from '../failures.ts';
import { PHONE, details, valid, code, password, GOOD } from './states.ts';

function fakeDeps(overrides: Partial<RecoveryFormDeps> = {}) {
  let now = 0;
  return {
    clock: {
      advance: (ms: number) => {
        now += ms;
      },
    },
    deps: {
      parsePhone: vi.fn<RecoveryFormDeps['parsePhone']>().mockResolvedValue(valid),
      sendCode: vi.fn<RecoveryFormDeps['sendCode']>().mockResolvedValue(undefined),
      verifyCode: vi.fn<RecoveryFormDeps['verifyCode']>().mockResolvedValue('v1'),
      createToken: vi.fn<RecoveryFormDeps['createToken']>().mockResolvedValue('reset_1'),
      resetPassword: vi.fn<RecoveryFormDeps['resetPassword']>().mockResolvedValue(undefined),
      now: () => now,
      go: vi.fn<RecoveryFormDeps['go']>(),
      track: vi.fn<NonNullable<RecoveryFormDeps['track']>>(),
      ...overrides,
    },
  };
}

describe('createRecoveryFormFlow', () => {
  it('runs the three steps end to end', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps);
    flow.setDetails({ ...details, method: 'national_id', answer: '784-1990-1234567-1' });
    await flow.submitDetails();
    expect(deps.parsePhone).toHaveBeenCalledWith('AE', '500000001');
    expect(deps.sendCode).toHaveBeenCalledWith(PHONE);
    expect(flow.$state.get().view).toBe('code');
    flow.setCode('123456');
    await flow.submitCode();
    expect(deps.verifyCode).toHaveBeenCalledWith(PHONE, '123456');
    expect(deps.createToken).toHaveBeenCalledWith({
      phoneNumber: PHONE,
      verificationId: 'v1',
      challenges: [
        { challengeIdentifier: 'NATIONAL_ID_CHALLENGE', challengeAnswer: '784199012345671' },
      ],
    });
    expect(flow.$state.get().view).toBe('password');
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    await flow.submitPassword();
    expect(deps.resetPassword).toHaveBeenCalledWith({ token: 'reset_1', password: GOOD });
    expect(flow.$state.get()).toEqual({ view: 'done' });
    expect(deps.go).toHaveBeenCalledWith('/password_success');
    expect(deps.track).toHaveBeenNthCalledWith(1, 'code_sent');
    expect(deps.track).toHaveBeenNthCalledWith(2, 'token');
    expect(deps.track).toHaveBeenNthCalledWith(3, 'changed');
    flow.destroy();
  });

  it('sends the robot-check token with the password when required', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, password);
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    flow.requireRecaptcha(true);
    await flow.submitPassword();
    expect(deps.resetPassword).not.toHaveBeenCalled();
    flow.passRecaptcha('r1');
    await flow.submitPassword();
    expect(deps.resetPassword).toHaveBeenCalledWith({
      token: 'reset_1',
      password: GOOD,
      recaptchaToken: 'r1',
    });
  });

  it('sends nothing for invalid details', async () => {
    const { deps } = fakeDeps({
      parsePhone: vi.fn().mockResolvedValue(undefined),
    });
    const flow = createRecoveryFormFlow(deps, initialState(details));
    await flow.submitDetails();
    expect(deps.sendCode).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({
      fieldErrors: { phone: { key: 'fields:phone.invalid' } },
    });
  });

  it('corrects a wrong fact without a new code', async () => {
    const createToken = vi
      .fn<RecoveryFormDeps['createToken']>()
      .mockRejectedValueOnce(new ApiError(http(400, 'INVALID_FULL_NAME')))
      .mockResolvedValueOnce('reset_2');
    const { deps } = fakeDeps({ createToken });
    const flow = createRecoveryFormFlow(deps, initialState({ ...details, answer: 'Wrong' }));
    await flow.submitDetails();
    flow.setCode('123456');
    await flow.submitCode();
    expect(flow.$state.get()).toMatchObject({
      view: 'details',
      fieldErrors: { answer: { key: 'error:INVALID_FULL_NAME' } },
    });
    flow.setDetails(details);
    await flow.submitDetails();
    expect(deps.sendCode).toHaveBeenCalledTimes(1);
    expect(deps.verifyCode).toHaveBeenCalledTimes(1);
    expect(createToken).toHaveBeenLastCalledWith({
      phoneNumber: PHONE,
      verificationId: 'v1',
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla Haddad' }],
    });
    expect(flow.$state.get()).toMatchObject({ view: 'password', token: 'reset_2' });
  });

  it('does not ask for the token after a wrong code', async () => {
    const { deps } = fakeDeps({
      verifyCode: vi.fn().mockRejectedValue(new ApiError(http(400, 'ERROR_INVALID_PIN_CODE'))),
    });
    const flow = createRecoveryFormFlow(deps, code);
    flow.setCode('000000');
    await flow.submitCode();
    expect(deps.createToken).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({ view: 'code', fieldError: expect.anything() });
  });

  it('resends only after 60 seconds', async () => {
    const { deps, clock } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, initialState(details));
    await flow.submitDetails();
    clock.advance(RESEND_AFTER_S * 1000 - 1);
    await flow.resend();
    expect(deps.sendCode).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await flow.resend();
    expect(deps.sendCode).toHaveBeenCalledTimes(2);
    expect(flow.$state.get()).toMatchObject({ view: 'code', sentAt: RESEND_AFTER_S * 1000 });
  });

  it('goes back to the details from the code step', () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, code);
    flow.back();
    expect(flow.$state.get()).toMatchObject({ view: 'details', details });
  });

  it('keeps the password step with the message when the reset fails', async () => {
    const { deps } = fakeDeps({
      resetPassword: vi.fn().mockRejectedValue(new ApiError(http(400, 'INVALID_PASSWORD'))),
    });
    const flow = createRecoveryFormFlow(deps, password);
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    await flow.submitPassword();
    expect(flow.$state.get()).toMatchObject({ view: 'password', fieldError: expect.anything() });
    expect(deps.go).not.toHaveBeenCalled();
  });

  it('refuses a new password found in a data breach at its field, and sends nothing', async () => {
    const { deps } = fakeDeps({
      checkPassword: vi.fn().mockResolvedValue({ key: 'fields:password.breached' }),
    });
    const flow = createRecoveryFormFlow(deps, password);
    flow.setPassword(GOOD);
    flow.setConfirm(GOOD);
    await flow.submitPassword();
    expect(deps.checkPassword).toHaveBeenCalledWith(GOOD);
    expect(flow.$state.get()).toMatchObject({
      view: 'password',
      submitting: false,
      fieldError: { key: 'fields:password.breached' },
    });
    expect(deps.resetPassword).not.toHaveBeenCalled();
    // A password the check does not know (or could not ask about) is sent.
    vi.mocked(deps.checkPassword!).mockResolvedValue(undefined);
    flow.setPassword('Sandbox-Pass3');
    flow.setConfirm('Sandbox-Pass3');
    await flow.submitPassword();
    expect(deps.resetPassword).toHaveBeenCalledWith({
      token: 'reset_1',
      password: 'Sandbox-Pass3',
    });
  });

  it('ignores actions that do not apply to the step', async () => {
    const { deps } = fakeDeps();
    const flow = createRecoveryFormFlow(deps, code);
    await flow.submitDetails();
    await flow.submitPassword();
    expect(deps.parsePhone).not.toHaveBeenCalled();
    expect(deps.resetPassword).not.toHaveBeenCalled();
    const other = createRecoveryFormFlow(deps, initialState(details));
    await other.resend();
    await other.submitCode();
    expect(deps.sendCode).not.toHaveBeenCalled();
    expect(deps.verifyCode).not.toHaveBeenCalled();
  });
});
