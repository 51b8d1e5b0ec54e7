import { describe, expect, it, vi } from 'vitest';
import {
  createProfileConfirmFlow,
  initialState,
  isInvalidLink,
  transition,
  type ProfileConfirmState,
} from '../../../../src/stores/flows/profile-confirm.ts';
import { fail, http, malformed, network, timeout } from './failures.ts';

const loading: ProfileConfirmState = { view: 'loading' };

describe('profile confirmation: transition', () => {
  it('success', () => {
    expect(transition(loading, { type: 'confirmed' })).toEqual({ view: 'success' });
  });

  it('US-0002 (in any of the code fields) is the invalid-link page', () => {
    expect(isInvalidLink(http(400, { error_code: 'US-0002' }))).toBe(true);
    expect(isInvalidLink(http(404, { errorCode: 'US-0002' }))).toBe(true);
    expect(isInvalidLink(http(400, { additional_information: { error_code: 'US-0002' } }))).toBe(
      true,
    );
    expect(isInvalidLink(http(400, { error_code: 'US-0003' }))).toBe(false);
    expect(isInvalidLink(timeout)).toBe(false);
    expect(
      transition(loading, { type: 'failed', failure: http(400, { error_code: 'US-0002' }) }),
    ).toEqual({ view: 'invalid' });
    expect(transition(loading, { type: 'missing' })).toEqual({ view: 'invalid' });
  });

  it('other errors carry the code, or HTTP-{status}', () => {
    expect(
      transition(loading, {
        type: 'failed',
        failure: http(500, { error_code: 'APP-0001', support_code: 'SBX-12AB34CD' }),
      }),
    ).toEqual({ view: 'error', code: 'SBX-12AB34CD' });
    expect(
      transition(loading, { type: 'failed', failure: http(400, { error_code: 'US-0099' }) }),
    ).toEqual({ view: 'error', code: 'US-0099' });
    expect(transition(loading, { type: 'failed', failure: http(503) })).toEqual({
      view: 'error',
      code: 'HTTP-503',
    });
  });

  it('no answer: the network view, and retry goes back to loading', () => {
    const net = transition(loading, { type: 'failed', failure: network });
    expect(net).toEqual({ view: 'network', error: { key: 'common:networkError' } });
    expect(transition(loading, { type: 'failed', failure: malformed }).view).toBe('network');
    expect(transition(net, { type: 'run' })).toEqual(loading);
  });

  it('starts on the confirm view; only a press runs the call', () => {
    expect(initialState()).toEqual({ view: 'confirm' });
    expect(transition({ view: 'confirm' }, { type: 'confirmed' })).toEqual({ view: 'confirm' });
    expect(transition({ view: 'confirm' }, { type: 'run' })).toEqual(loading);
  });

  it('final views ignore later events', () => {
    const finals: ProfileConfirmState[] = [
      { view: 'success' },
      { view: 'invalid' },
      { view: 'error', code: 'HTTP-500' },
    ];
    for (const state of finals) {
      expect(transition(state, { type: 'confirmed' })).toBe(state);
      expect(transition(state, { type: 'run' })).toBe(state);
    }
  });
});

describe('profile confirmation: flow', () => {
  it('POSTs the token once and shows success', async () => {
    const confirm = vi.fn(() => Promise.resolve(undefined));
    const f = createProfileConfirmFlow({ token: () => 'profile-valid', confirm });
    expect(confirm).not.toHaveBeenCalled();
    await f.confirm();
    await f.confirm();
    expect(confirm).toHaveBeenCalledExactlyOnceWith('profile-valid');
    expect(f.$state.get()).toEqual({ view: 'success' });
  });

  it('reports a 500 but not US-0002', async () => {
    const report = vi.fn();
    const expired = createProfileConfirmFlow({
      token: () => 'profile-expired',
      confirm: () => Promise.reject(fail(http(400, { error_code: 'US-0002' }))),
      report,
    });
    await expired.confirm();
    expect(expired.$state.get()).toEqual({ view: 'invalid' });
    expect(report).not.toHaveBeenCalled();
    const broken = createProfileConfirmFlow({
      token: () => 'profile-error',
      confirm: () => Promise.reject(fail(http(500, { error_code: 'APP-0001' }))),
      report,
    });
    await broken.confirm();
    expect(broken.$state.get()).toEqual({ view: 'error', code: 'APP-0001' });
    expect(report).toHaveBeenCalledOnce();
  });

  it('no token: invalid without a call', async () => {
    const confirm = vi.fn(() => Promise.resolve(undefined));
    const f = createProfileConfirmFlow({ token: () => undefined, confirm });
    await f.confirm();
    expect(confirm).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'invalid' });
  });
});
