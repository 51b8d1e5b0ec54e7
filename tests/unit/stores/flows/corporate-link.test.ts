import { describe, expect, it, vi } from 'vitest';
import {
  createCorporateLinkFlow,
  transition,
  type CorporateLinkState,
} from '../../../../src/stores/flows/corporate-link.ts';
import { deferred, fail, http, network, offline, timeout } from './failures.ts';

const loading: CorporateLinkState = { view: 'loading' };

describe('corporate link: transition', () => {
  it('loading, then valid or invalid', () => {
    expect(transition(loading, { type: 'accepted' })).toEqual({ view: 'valid' });
    expect(transition(loading, { type: 'failed', failure: http(400) })).toEqual({
      view: 'invalid',
    });
    expect(transition(loading, { type: 'failed', failure: http(500) })).toEqual({
      view: 'invalid',
    });
    expect(transition(loading, { type: 'missing' })).toEqual({ view: 'invalid' });
  });

  it('no answer offers a retry instead of calling the link invalid', () => {
    expect(transition(loading, { type: 'failed', failure: offline })).toEqual({
      view: 'network',
      error: { key: 'common:offline' },
    });
    const net = transition(loading, { type: 'failed', failure: network });
    expect(net).toEqual({ view: 'network', error: { key: 'common:networkError' } });
    expect(transition(net, { type: 'run' })).toEqual(loading);
    expect(transition({ view: 'confirm' }, { type: 'run' })).toEqual(loading);
    expect(transition({ view: 'confirm' }, { type: 'accepted' })).toEqual({ view: 'confirm' });
  });

  it('final views ignore later events', () => {
    for (const state of [{ view: 'valid' }, { view: 'invalid' }] as CorporateLinkState[]) {
      expect(transition(state, { type: 'accepted' })).toBe(state);
      expect(transition(state, { type: 'run' })).toBe(state);
      expect(transition(state, { type: 'failed', failure: timeout })).toBe(state);
    }
  });
});

describe('corporate link: flow', () => {
  it('calls the page check with the token and shows valid', async () => {
    const check = vi.fn(() => Promise.resolve(undefined));
    const f = createCorporateLinkFlow({ token: () => 'corp-valid', check });
    expect(f.$state.get()).toEqual({ view: 'confirm' });
    expect(check).not.toHaveBeenCalled();
    await f.confirm();
    expect(check).toHaveBeenCalledExactlyOnceWith('corp-valid');
    expect(f.$state.get()).toEqual({ view: 'valid' });
  });

  it('a 400 is invalid (not reported); a 500 is invalid and reported', async () => {
    const report = vi.fn();
    const bad = createCorporateLinkFlow({
      token: () => 'corp-invalid',
      check: () => Promise.reject(fail(http(400, { error: 'invalid_token' }))),
      report,
    });
    await bad.confirm();
    expect(bad.$state.get()).toEqual({ view: 'invalid' });
    expect(report).not.toHaveBeenCalled();
    const broken = createCorporateLinkFlow({
      token: () => 'x',
      check: () => Promise.reject(fail(http(502))),
      report,
    });
    await broken.confirm();
    expect(broken.$state.get()).toEqual({ view: 'invalid' });
    expect(report).toHaveBeenCalledOnce();
  });

  it('no token: invalid without a call', async () => {
    const check = vi.fn(() => Promise.resolve(undefined));
    const f = createCorporateLinkFlow({ token: () => undefined, check });
    await f.confirm();
    expect(check).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'invalid' });
  });

  it('retries after no answer; never two calls at once', async () => {
    const answer = deferred<undefined>();
    const check = vi
      .fn<(token: string) => Promise<undefined>>()
      .mockRejectedValueOnce(fail(network))
      .mockReturnValueOnce(answer.promise);
    const f = createCorporateLinkFlow({ token: () => 't', check });
    await f.confirm();
    expect(f.$state.get().view).toBe('network');
    const retry = f.confirm();
    void f.confirm();
    answer.resolve(undefined);
    await retry;
    expect(check).toHaveBeenCalledTimes(2);
    expect(f.$state.get()).toEqual({ view: 'valid' });
  });
});
