import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../../src/contract/identity-api.ts';
import {
  createSecurityAlertFlow,
  transition,
  type SecurityAlertState,
} from '../../../../src/stores/flows/security-alert.ts';
import { deferred, fail, http, network, offline, timeout } from './failures.ts';

const loginAlert: Alert = { operation: 'LOGIN', device: 'Chrome on macOS', acknowledged: false };
const loading: SecurityAlertState = { view: 'loading' };
const shown: SecurityAlertState = { view: 'shown', alert: loginAlert, submitting: false };
const reporting: SecurityAlertState = { view: 'shown', alert: loginAlert, submitting: true };

describe('security alert: transition', () => {
  it('loading: the alert, or acknowledged when reported before', () => {
    expect(transition(loading, { type: 'loaded', alert: loginAlert })).toEqual(shown);
    expect(
      transition(loading, { type: 'loaded', alert: { operation: 'LOGIN', acknowledged: true } }),
    ).toEqual({ view: 'acknowledged' });
  });

  it('loading: a server error is the error page with HTTP-{status}', () => {
    expect(transition(loading, { type: 'failed', failure: http(500) })).toEqual({
      view: 'error',
      stage: 'load',
      code: 'HTTP-500',
    });
    expect(
      transition(loading, { type: 'failed', failure: http(404, { error_code: 'X' }) }),
    ).toEqual({ view: 'error', stage: 'load', code: 'HTTP-404' });
    expect(transition(loading, { type: 'missing' })).toEqual({
      view: 'error',
      stage: 'load',
      code: 'HTTP-404',
    });
  });

  it('loading: no answer is the network view; retry loads again', () => {
    const net = transition(loading, { type: 'failed', failure: offline });
    expect(net).toEqual({ view: 'network', error: { key: 'common:offline' } });
    expect(transition(net, { type: 'retry' })).toEqual(loading);
    expect(transition(net, { type: 'report' })).toBe(net);
  });

  it('loading ignores the report events', () => {
    expect(transition(loading, { type: 'report' })).toBe(loading);
    expect(transition(loading, { type: 'reported' })).toBe(loading);
    expect(transition(loading, { type: 'retry' })).toBe(loading);
  });

  it('shown: report, then thank you', () => {
    expect(transition(shown, { type: 'report' })).toEqual(reporting);
    expect(transition(reporting, { type: 'report' })).toBe(reporting);
    expect(transition(reporting, { type: 'reported' })).toEqual({
      view: 'thanks',
      alert: loginAlert,
    });
  });

  it("shown: 'It was me' ends with nothing to do, but not while a report is on its way", () => {
    expect(transition(shown, { type: 'itWasMe' })).toEqual({ view: 'it_was_me' });
    expect(transition(reporting, { type: 'itWasMe' })).toBe(reporting);
    const done: SecurityAlertState = { view: 'it_was_me' };
    expect(transition(done, { type: 'report' })).toBe(done);
    expect(transition(done, { type: 'reported' })).toBe(done);
  });

  it('shown: answers only count while a report is on its way', () => {
    expect(transition(shown, { type: 'reported' })).toBe(shown);
    expect(transition(shown, { type: 'failed', failure: http(500) })).toBe(shown);
    expect(transition(shown, { type: 'loaded', alert: loginAlert })).toBe(shown);
  });

  it('shown: a server error on report is the error page; no answer stays with a message', () => {
    expect(transition(reporting, { type: 'failed', failure: http(503) })).toEqual({
      view: 'error',
      stage: 'report',
      code: 'HTTP-503',
    });
    const again = transition(reporting, { type: 'failed', failure: timeout });
    expect(again).toEqual({ ...shown, error: { key: 'common:timeout' } });
    expect(transition(again, { type: 'report' })).toEqual(reporting);
  });

  it('final views ignore everything', () => {
    const finals: SecurityAlertState[] = [
      { view: 'thanks', alert: loginAlert },
      { view: 'acknowledged' },
      { view: 'error', stage: 'load', code: 'HTTP-500' },
    ];
    for (const state of finals) {
      expect(transition(state, { type: 'retry' })).toBe(state);
      expect(transition(state, { type: 'report' })).toBe(state);
      expect(transition(state, { type: 'reported' })).toBe(state);
    }
  });
});

describe('security alert: flow', () => {
  it('loads the alert with the id from the path, reports it once, thanks', async () => {
    const load = vi.fn(() => Promise.resolve(loginAlert));
    const ack = deferred<undefined>();
    const acknowledge = vi.fn(() => ack.promise);
    const f = createSecurityAlertFlow({ id: () => 'alert-login', load, acknowledge });
    await f.start();
    expect(load).toHaveBeenCalledExactlyOnceWith('alert-login');
    expect(f.$state.get()).toEqual(shown);
    const first = f.reportAlert();
    void f.reportAlert();
    expect(f.$state.get()).toEqual(reporting);
    ack.resolve(undefined);
    await first;
    expect(acknowledge).toHaveBeenCalledExactlyOnceWith('alert-login');
    expect(f.$state.get()).toEqual({ view: 'thanks', alert: loginAlert });
  });

  it("'It was me' makes no call", async () => {
    const acknowledge = vi.fn(() => Promise.resolve(undefined));
    const f = createSecurityAlertFlow({
      id: () => 'alert-login',
      load: () => Promise.resolve(loginAlert),
      acknowledge,
    });
    await f.start();
    f.itWasMe();
    await f.reportAlert();
    expect(acknowledge).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'it_was_me' });
  });

  it('does not report before the alert is shown', async () => {
    const acknowledge = vi.fn(() => Promise.resolve(undefined));
    const f = createSecurityAlertFlow({
      id: () => 'a',
      load: () => Promise.resolve(loginAlert),
      acknowledge,
    });
    await f.reportAlert();
    expect(acknowledge).not.toHaveBeenCalled();
  });

  it('a 500 on load is the error page and is reported', async () => {
    const report = vi.fn();
    const f = createSecurityAlertFlow({
      id: () => 'alert-error',
      load: () => Promise.reject(fail(http(500))),
      acknowledge: vi.fn(),
      report,
    });
    await f.start();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'load', code: 'HTTP-500' });
    expect(report).toHaveBeenCalledOnce();
  });

  it('a dropped report can be sent again', async () => {
    const acknowledge = vi
      .fn<(id: string) => Promise<void>>()
      .mockRejectedValueOnce(fail(network))
      .mockResolvedValueOnce(undefined);
    const f = createSecurityAlertFlow({
      id: () => 'a',
      load: () => Promise.resolve(loginAlert),
      acknowledge,
    });
    await f.start();
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ ...shown, error: { key: 'common:networkError' } });
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ view: 'thanks', alert: loginAlert });
  });

  it('no id: the error page without a call', async () => {
    const load = vi.fn(() => Promise.resolve(loginAlert));
    const f = createSecurityAlertFlow({ id: () => undefined, load, acknowledge: vi.fn() });
    await f.start();
    expect(load).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'load', code: 'HTTP-404' });
  });
});
