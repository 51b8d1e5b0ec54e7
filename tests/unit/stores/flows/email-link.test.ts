import { describe, expect, it, vi } from 'vitest';
import {
  createEmailLinkFlow,
  initialState,
  transition,
  type EmailLinkState,
} from '../../../../src/stores/flows/email-link.ts';
import { deferred, fail, http, malformed, network, offline, timeout } from './failures.ts';

const loading: EmailLinkState = { view: 'loading' };
const netState: EmailLinkState = { view: 'network', error: { key: 'common:networkError' } };

describe('email link: transition', () => {
  it('starts on the confirm view, except the plain route which is expired at once', () => {
    expect(initialState('verify')).toEqual({ view: 'confirm' });
    expect(initialState('unlink')).toEqual({ view: 'confirm' });
    expect(initialState('expired')).toEqual({ view: 'expired' });
  });

  it('maps each answer of the loader to its outcome', () => {
    expect(transition(loading, { type: 'verified' })).toEqual({ view: 'verified' });
    expect(transition(loading, { type: 'alreadyUsed' })).toEqual({ view: 'already_used' });
    expect(transition(loading, { type: 'removed' })).toEqual({ view: 'wrong_account' });
    expect(transition(loading, { type: 'missing' })).toEqual({ view: 'expired' });
  });

  it('shows expired for any server error', () => {
    for (const status of [400, 401, 404, 410, 500, 503]) {
      expect(transition(loading, { type: 'failed', failure: http(status) })).toEqual({
        view: 'expired',
      });
    }
  });

  it('offers a retry when no server answered', () => {
    expect(transition(loading, { type: 'failed', failure: timeout })).toEqual({
      view: 'network',
      error: { key: 'common:timeout' },
    });
    expect(transition(loading, { type: 'failed', failure: offline })).toEqual({
      view: 'network',
      error: { key: 'common:offline' },
    });
    expect(transition(loading, { type: 'failed', failure: network })).toEqual(netState);
    expect(transition(loading, { type: 'failed', failure: malformed })).toEqual(netState);
  });

  it('runs the call from the confirm view and the network view only', () => {
    expect(transition({ view: 'confirm' }, { type: 'run' })).toEqual(loading);
    expect(transition(netState, { type: 'run' })).toEqual(loading);
    expect(transition(loading, { type: 'run' })).toEqual(loading);
    expect(transition({ view: 'verified' }, { type: 'run' })).toEqual({ view: 'verified' });
  });

  it('ignores answers once an outcome is shown', () => {
    const outcomes: EmailLinkState[] = [
      { view: 'verified' },
      { view: 'already_used' },
      { view: 'expired' },
      { view: 'wrong_account' },
      netState,
    ];
    for (const state of outcomes) {
      expect(transition(state, { type: 'verified' })).toBe(state);
      expect(transition(state, { type: 'removed' })).toBe(state);
      expect(transition(state, { type: 'failed', failure: http(400) })).toBe(state);
    }
  });
});

function flow(overrides: Partial<Parameters<typeof createEmailLinkFlow>[0]> = {}) {
  const deps = {
    action: 'verify' as const,
    id: () => 'ev-valid',
    verify: vi.fn(() => Promise.resolve('verified' as const)),
    unlink: vi.fn(() => Promise.resolve(undefined)),
    report: vi.fn(),
    ...overrides,
  };
  return { deps, flow: createEmailLinkFlow(deps) };
}

describe('email link: flow', () => {
  it('spends nothing until the person confirms (a scanner that only opens the page)', async () => {
    for (const action of ['verify', 'unlink'] as const) {
      const { deps, flow: f } = flow({ action });
      await Promise.resolve();
      expect(f.$state.get()).toEqual({ view: 'confirm' });
      expect(deps.verify).not.toHaveBeenCalled();
      expect(deps.unlink).not.toHaveBeenCalled();
    }
  });

  it('a double press on confirm makes one call', async () => {
    const answer = deferred<'verified' | 'already_used'>();
    const verify = vi.fn(() => answer.promise);
    const { flow: f } = flow({ verify });
    const first = f.confirm();
    expect(f.$state.get()).toEqual(loading);
    const second = f.confirm();
    answer.resolve('verified');
    await Promise.all([first, second]);
    expect(verify).toHaveBeenCalledOnce();
    expect(f.$state.get()).toEqual({ view: 'verified' });
  });

  it('verify: PUT with the id from the path, then verified', async () => {
    const { deps, flow: f } = flow();
    await f.confirm();
    expect(deps.verify).toHaveBeenCalledExactlyOnceWith('ev-valid');
    expect(deps.unlink).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'verified' });
  });

  it('verify: a 200 answer is already used', async () => {
    const { flow: f } = flow({ verify: vi.fn(() => Promise.resolve('already_used' as const)) });
    await f.confirm();
    expect(f.$state.get()).toEqual({ view: 'already_used' });
  });

  it('verify: an expired link (400) shows expired and is not reported', async () => {
    const { deps, flow: f } = flow({
      verify: vi.fn(() => Promise.reject(fail(http(400, { error: 'link_expired' })))),
    });
    await f.confirm();
    expect(f.$state.get()).toEqual({ view: 'expired' });
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('a 500 shows expired and is reported', async () => {
    const error = fail(http(500));
    const { deps, flow: f } = flow({
      verify: vi.fn(() => Promise.reject(error)),
    });
    await f.confirm();
    expect(f.$state.get()).toEqual({ view: 'expired' });
    expect(deps.report).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('unlink: DELETE, then the wrong-account page; a failure is expired', async () => {
    const ok = flow({ action: 'unlink' });
    await ok.flow.confirm();
    expect(ok.deps.unlink).toHaveBeenCalledExactlyOnceWith('ev-valid');
    expect(ok.deps.verify).not.toHaveBeenCalled();
    expect(ok.flow.$state.get()).toEqual({ view: 'wrong_account' });

    const bad = flow({
      action: 'unlink',
      unlink: vi.fn(() => Promise.reject(fail(http(400)))),
    });
    await bad.flow.confirm();
    expect(bad.flow.$state.get()).toEqual({ view: 'expired' });
  });

  it('the plain route makes no call', async () => {
    const { deps, flow: f } = flow({ action: 'expired' });
    expect(f.$state.get()).toEqual({ view: 'expired' });
    await f.confirm();
    expect(deps.verify).not.toHaveBeenCalled();
    expect(deps.unlink).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'expired' });
  });

  it('a path without an id is expired, with no call', async () => {
    const { deps, flow: f } = flow({ id: () => undefined });
    await f.confirm();
    expect(deps.verify).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'expired' });
  });

  it('no answer: the network view, then a retry succeeds', async () => {
    const verify = vi
      .fn<(id: string) => Promise<'verified' | 'already_used'>>()
      .mockRejectedValueOnce(fail(timeout))
      .mockResolvedValueOnce('verified');
    const { deps, flow: f } = flow({ verify });
    await f.confirm();
    expect(f.$state.get()).toEqual({ view: 'network', error: { key: 'common:timeout' } });
    expect(deps.report).not.toHaveBeenCalled();
    await f.confirm();
    expect(verify).toHaveBeenCalledTimes(2);
    expect(f.$state.get()).toEqual({ view: 'verified' });
  });

  it('runs one call at a time, and none after an outcome', async () => {
    const answer = deferred<'verified' | 'already_used'>();
    const verify = vi.fn(() => answer.promise);
    const { flow: f } = flow({ verify });
    const first = f.confirm();
    void f.confirm();
    answer.resolve('verified');
    await first;
    await f.confirm();
    expect(verify).toHaveBeenCalledOnce();
    expect(f.$state.get()).toEqual({ view: 'verified' });
  });
});
