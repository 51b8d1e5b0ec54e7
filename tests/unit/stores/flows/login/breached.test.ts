/**
 * A sign-in with a password that has appeared in a data breach (issue 34, item 5): the password
 * is checked while the login is sent, the sign-in goes through, and the person is offered a new
 * password (`password_breached`) before the hand-off; 'Not now' goes on to it. A code login, a
 * clean password or a check that cannot answer goes straight to the hand-off.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../../src/api/errors.ts';
import {
  createLoginFlow,
  DEFAULT_PRESETS,
  type LoginDeps,
} from '../../../../../src/stores/flows/login/index.ts';
import { http } from '../failures.ts';
import { challenge } from './answers.ts';
import { fakeLoginDeps } from './deps.ts';

const PHONE = { country: 'AE' as const, input: '500000001' };
const BREACHED = { key: 'fields:password.breached' };

/** A login flow for Layla's number whose phone login answers `answers` in turn. */
async function submittedPhone(
  checkPassword: NonNullable<LoginDeps['checkPassword']>,
  ...answers: (Error | { token: string })[]
) {
  const phoneLogin = vi.fn<LoginDeps['phoneLogin']>();
  for (const answer of answers) {
    if (answer instanceof Error) phoneLogin.mockRejectedValueOnce(answer);
    else phoneLogin.mockResolvedValueOnce(answer);
  }
  const flow = createLoginFlow(
    fakeLoginDeps({
      phoneLogin,
      checkPassword,
      validatePhone: vi.fn(() =>
        Promise.resolve({ digits: '971500000001', country: 'AE' as const }),
      ),
    }),
  );
  await flow.init(DEFAULT_PRESETS);
  flow.changePhone(PHONE);
  await flow.submitPhone();
  return { flow, phoneLogin };
}

/** The password step answered with `password`; the login then answers `then`. */
async function passwordLogin(
  checkPassword: NonNullable<LoginDeps['checkPassword']>,
  password = 'pw-1',
  then: Error | { token: string } = { token: 'proof' },
) {
  const login = await submittedPhone(checkPassword, new ApiError(challenge('password')), then);
  expect(login.flow.$state.get().view).toBe('password_form');
  login.flow.changeAnswer('password', password);
  await login.flow.submitAnswer();
  return login;
}

describe('login: a breached password', () => {
  it('signs in, then offers a new password; Not now goes on to the hand-off', async () => {
    const checkPassword = vi.fn(() => Promise.resolve(BREACHED));
    const { flow, phoneLogin } = await passwordLogin(checkPassword, 'Sandbox-Pass1');
    expect(checkPassword).toHaveBeenCalledExactlyOnceWith('Sandbox-Pass1');
    expect(phoneLogin).toHaveBeenCalledTimes(2);
    expect(flow.$state.get()).toMatchObject({
      view: 'password_breached',
      token: 'proof',
      flow: 'phone',
    });
    flow.closeOffer();
    expect(flow.$state.get()).toMatchObject({ view: 'redirect_to_idp', token: 'proof' });
    // Once on the way, a second 'Not now' changes nothing.
    const redirect = flow.$state.get();
    flow.closeOffer();
    expect(flow.$state.get()).toBe(redirect);
  });

  it('goes straight to the hand-off with a clean password (or a check that could not answer)', async () => {
    // breachCheck answers no problem for both (src/stores/flows/browser-deps.ts).
    const { flow } = await passwordLogin(vi.fn(() => Promise.resolve(undefined)));
    expect(flow.$state.get().view).toBe('redirect_to_idp');
  });

  it('says nothing of the check when the password is wrong', async () => {
    const { flow } = await passwordLogin(
      vi.fn(() => Promise.resolve(BREACHED)),
      'wrong',
      new ApiError(http(401, { error: 'BAD_CREDENTIALS' })),
    );
    expect(flow.$state.get()).toMatchObject({
      view: 'password_form',
      error: { key: expect.any(String) },
    });
  });

  it('does not check a code login', async () => {
    const checkPassword = vi.fn(() => Promise.resolve(BREACHED));
    const { flow } = await submittedPhone(checkPassword, { token: 'proof' });
    expect(flow.$state.get().view).toBe('redirect_to_idp');
    expect(checkPassword).not.toHaveBeenCalled();
  });
});
