import { describe, expect, it, vi } from 'vitest';
import type {
  Alert,
  SecureAccountResponse,
  SecuredAccount,
} from '../../../../src/contract/identity-api.ts';
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
const secured: SecuredAccount = {
  at: '2026-11-27T19:30:00.000Z',
  actions: ['signed_out', 'payments_frozen', 'passkeys_flagged'],
};
const securedNow: SecureAccountResponse = { already_secured: false, secured };
const securedBefore: SecureAccountResponse = { already_secured: true, secured };
const thanks: SecurityAlertState = { view: 'thanks', alert: loginAlert, secured };
const reported = { type: 'reported', answer: securedNow } as const;

/** A flow over the given calls: the alert loads, the report and the secure call succeed. */
function flowWith(deps: Partial<Parameters<typeof createSecurityAlertFlow>[0]> = {}) {
  let keys = 0;
  return createSecurityAlertFlow({
    id: () => 'alert-login',
    load: () => Promise.resolve(loginAlert),
    acknowledge: () => Promise.resolve(),
    secure: () => Promise.resolve(securedNow),
    newKey: () => `key-${(keys += 1)}`,
    ...deps,
  });
}

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
    expect(transition(loading, reported)).toBe(loading);
    expect(transition(loading, { type: 'retry' })).toBe(loading);
  });

  it('loading: an alert that secured the account before says when and what was done', () => {
    const before = { ...loginAlert, acknowledged: true, secured };
    expect(transition(loading, { type: 'loaded', alert: before })).toEqual({
      view: 'secured_before',
      alert: before,
      secured,
    });
  });

  it('shown: report, then thank you with what was done', () => {
    expect(transition(shown, { type: 'report' })).toEqual(reporting);
    expect(transition(reporting, { type: 'report' })).toBe(reporting);
    expect(transition(reporting, reported)).toEqual(thanks);
    // A partial result is kept as the answer lists it.
    const partial = { at: secured.at, actions: ['signed_out'] } satisfies SecuredAccount;
    expect(
      transition(reporting, {
        type: 'reported',
        answer: { already_secured: false, secured: partial },
      }),
    ).toEqual({ view: 'thanks', alert: loginAlert, secured: partial });
  });

  it('shown: secured before (another tab) is said so, with what was done then', () => {
    expect(transition(reporting, { type: 'reported', answer: securedBefore })).toEqual({
      view: 'secured_before',
      alert: loginAlert,
      secured,
    });
  });

  it("shown: 'It was me' ends with nothing to do, but not while a report is on its way", () => {
    expect(transition(shown, { type: 'itWasMe' })).toEqual({ view: 'it_was_me' });
    expect(transition(reporting, { type: 'itWasMe' })).toBe(reporting);
    const done: SecurityAlertState = { view: 'it_was_me' };
    expect(transition(done, { type: 'report' })).toBe(done);
    expect(transition(done, reported)).toBe(done);
  });

  it('shown: answers only count while a report is on its way', () => {
    expect(transition(shown, reported)).toBe(shown);
    expect(transition(shown, { type: 'failed', failure: http(500) })).toBe(shown);
    expect(transition(shown, { type: 'loaded', alert: loginAlert })).toBe(shown);
  });

  it('shown: a server error on report is the error page; no answer stays with a message', () => {
    expect(transition(reporting, { type: 'failed', failure: http(503) })).toEqual({
      view: 'error',
      stage: 'report',
      code: 'HTTP-503',
    });
    expect(transition(reporting, { type: 'failed', failure: http(500), stage: 'secure' })).toEqual({
      view: 'error',
      stage: 'secure',
      code: 'HTTP-500',
    });
    const again = transition(reporting, { type: 'failed', failure: timeout, stage: 'secure' });
    expect(again).toEqual({ ...shown, error: { key: 'common:timeout' } });
    expect(transition(again, { type: 'report' })).toEqual(reporting);
  });

  it('final views ignore everything', () => {
    const finals: SecurityAlertState[] = [
      thanks,
      { view: 'secured_before', alert: loginAlert, secured },
      { view: 'acknowledged' },
      { view: 'error', stage: 'load', code: 'HTTP-500' },
    ];
    for (const state of finals) {
      expect(transition(state, { type: 'retry' })).toBe(state);
      expect(transition(state, { type: 'report' })).toBe(state);
      expect(transition(state, reported)).toBe(state);
    }
  });
});

describe('security alert: flow', () => {
  it('loads the alert, reports it, secures the account once, thanks', async () => {
    const load = vi.fn(() => Promise.resolve(loginAlert));
    const ack = deferred<undefined>();
    const acknowledge = vi.fn(() => ack.promise);
    const secure = vi.fn(() => Promise.resolve(securedNow));
    const f = flowWith({ load, acknowledge, secure });
    await f.start();
    expect(load).toHaveBeenCalledExactlyOnceWith('alert-login');
    expect(f.$state.get()).toEqual(shown);
    const first = f.reportAlert();
    void f.reportAlert();
    expect(f.$state.get()).toEqual(reporting);
    ack.resolve(undefined);
    await first;
    expect(acknowledge).toHaveBeenCalledExactlyOnceWith('alert-login');
    expect(secure).toHaveBeenCalledExactlyOnceWith('alert-login', 'key-1');
    expect(f.$state.get()).toEqual(thanks);
  });

  it('the secure call goes only after the report was taken', async () => {
    const secure = vi.fn(() => Promise.resolve(securedNow));
    const f = flowWith({ acknowledge: () => Promise.reject(fail(http(502))), secure });
    await f.start();
    await f.reportAlert();
    expect(secure).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'report', code: 'HTTP-502' });
  });

  it('a failed secure call is the error page of its own stage, and is reported', async () => {
    const report = vi.fn();
    const f = flowWith({ secure: () => Promise.reject(fail(http(503))), report });
    await f.start();
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'secure', code: 'HTTP-503' });
    expect(report).toHaveBeenCalledOnce();
  });

  it('a dropped secure call is sent again with the same key, and the report not again', async () => {
    const acknowledge = vi.fn(() => Promise.resolve());
    const secure = vi
      .fn<(id: string, key: string) => Promise<SecureAccountResponse>>()
      .mockRejectedValueOnce(fail(network))
      .mockResolvedValueOnce(securedNow);
    const f = flowWith({ acknowledge, secure });
    await f.start();
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ ...shown, error: { key: 'common:networkError' } });
    await f.reportAlert();
    expect(acknowledge).toHaveBeenCalledOnce();
    expect(secure.mock.calls).toEqual([
      ['alert-login', 'key-1'],
      ['alert-login', 'key-1'],
    ]);
    expect(f.$state.get()).toEqual(thanks);
  });

  it('a press after another tab secured the account says it was already done', async () => {
    const f = flowWith({ secure: () => Promise.resolve(securedBefore) });
    await f.start();
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ view: 'secured_before', alert: loginAlert, secured });
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ view: 'secured_before', alert: loginAlert, secured });
  });

  it("'It was me' makes no call", async () => {
    const acknowledge = vi.fn(() => Promise.resolve(undefined));
    const secure = vi.fn(() => Promise.resolve(securedNow));
    const f = flowWith({ acknowledge, secure });
    await f.start();
    f.itWasMe();
    await f.reportAlert();
    expect(acknowledge).not.toHaveBeenCalled();
    expect(secure).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'it_was_me' });
  });

  it('does not report before the alert is shown', async () => {
    const acknowledge = vi.fn(() => Promise.resolve(undefined));
    const f = flowWith({ acknowledge });
    await f.reportAlert();
    expect(acknowledge).not.toHaveBeenCalled();
  });

  it('a 500 on load is the error page and is reported', async () => {
    const report = vi.fn();
    const f = flowWith({ load: () => Promise.reject(fail(http(500))), report });
    await f.start();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'load', code: 'HTTP-500' });
    expect(report).toHaveBeenCalledOnce();
  });

  it('a dropped report can be sent again', async () => {
    const acknowledge = vi
      .fn<(id: string) => Promise<void>>()
      .mockRejectedValueOnce(fail(network))
      .mockResolvedValueOnce(undefined);
    const f = flowWith({ acknowledge });
    await f.start();
    await f.reportAlert();
    expect(f.$state.get()).toEqual({ ...shown, error: { key: 'common:networkError' } });
    await f.reportAlert();
    expect(acknowledge).toHaveBeenCalledTimes(2);
    expect(f.$state.get()).toEqual(thanks);
  });

  it('no id: the error page without a call', async () => {
    const load = vi.fn(() => Promise.resolve(loginAlert));
    const f = flowWith({ id: () => undefined, load });
    await f.start();
    expect(load).not.toHaveBeenCalled();
    expect(f.$state.get()).toEqual({ view: 'error', stage: 'load', code: 'HTTP-404' });
  });
});
