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

async function passwordLogin(
  checkPassword: NonNullable<LoginDeps['checkPassword']>,
  password = 'pw-1',
) {
  const phoneLogin = vi
    .fn<LoginDeps['phoneLogin']>()
    .mockRejectedValueOnce(new ApiError(challenge('password')))
    .mockResolvedValueOnce({ token: 'proof' });
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
  expect(flow.$state.get().view).toBe('password_form');
  flow.changeAnswer('password', password);
  await flow.submitAnswer();
  return { flow, phoneLogin };
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
    const checkPassword = vi.fn(() => Promise.resolve(BREACHED));
    const phoneLogin = vi
      .fn<LoginDeps['phoneLogin']>()
      .mockRejectedValueOnce(new ApiError(challenge('password')))
      .mockRejectedValueOnce(new ApiError(http(401, { error: 'BAD_CREDENTIALS' })));
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
    flow.changeAnswer('password', 'wrong');
    await flow.submitAnswer();
    expect(flow.$state.get()).toMatchObject({
      view: 'password_form',
      error: { key: expect.any(String) },
    });
  });

  it('does not check a code login', async () => {
    const checkPassword = vi.fn(() => Promise.resolve(BREACHED));
    const flow = createLoginFlow(
      fakeLoginDeps({
        phoneLogin: vi.fn(() => Promise.resolve({ token: 'proof' })),
        checkPassword,
        validatePhone: vi.fn(() =>
          Promise.resolve({ digits: '971500000001', country: 'AE' as const }),
        ),
      }),
    );
    await flow.init(DEFAULT_PRESETS);
    flow.changePhone(PHONE);
    await flow.submitPhone();
    expect(flow.$state.get().view).toBe('redirect_to_idp');
    expect(checkPassword).not.toHaveBeenCalled();
  });
});
