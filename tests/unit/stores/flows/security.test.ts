import { describe, expect, it, vi } from 'vitest';
import { ApiError, toFailure } from '../../../../src/api/errors.ts';
import type { AccountPasskey, DeviceSession } from '../../../../src/contract/sessions.ts';
import {
  createSecurityFlow,
  initialState,
  isKept,
  passkeysOf,
  transition,
  type Confirm,
  type ListState,
  type SecurityDeps,
  type SecurityLists,
} from '../../../../src/stores/flows/security.ts';
import { http, network } from './failures.ts';

const session = (id: string, extra: Partial<DeviceSession> = {}): DeviceSession => ({
  id,
  current: false,
  kind: 'session',
  browser: 'Chrome',
  os: 'Android',
  lastActiveAt: '2030-01-01T07:00:00.000Z',
  signedInAt: '2029-12-01T07:00:00.000Z',
  ...extra,
});
const here = session('here', { current: true });
const phone = session('phone', { kind: 'trusted_device', device: 'iPhone' });
const laptop = session('laptop', { os: 'Windows' });
const passkey = (id: string, rpId = 'localhost'): AccountPasskey => ({
  id,
  name: `Key ${id}`,
  rpId,
  createdAt: '2029-12-01T07:00:00.000Z',
  lastUsedAt: null,
});
const account = { userId: 'dXNlcg', name: '+971500000001', displayName: 'Layla Haddad' };
const lists = (extra: Partial<SecurityLists> = {}): SecurityLists => ({
  sessions: [here, phone, laptop],
  account,
  passkeys: [passkey('a'), passkey('b')],
  ...extra,
});
const listed = (extra: Partial<ListState> = {}): ListState => ({
  view: 'list',
  ...lists(),
  ...extra,
});

describe('security page transition', () => {
  it('loads into the lists, or a retry, or the authorize flow once', () => {
    expect(transition(initialState(), { type: 'loaded', ...lists() })).toEqual(listed());
    const failed = transition(initialState(), { type: 'load_failed', reason: 'timeout' });
    expect(failed).toEqual({ view: 'load_failed', reason: 'timeout' });
    expect(transition(failed, { type: 'retry' })).toEqual({ view: 'loading' });
    expect(transition(initialState(), { type: 'unauthorized', returned: false })).toEqual({
      view: 'redirect',
    });
    expect(transition(initialState(), { type: 'unauthorized', returned: true })).toEqual({
      view: 'signin_failed',
    });
  });

  it('asks only about rows still listed, and never to sign out the current session', () => {
    expect(transition(listed(), { type: 'ask', confirm: { kind: 'session', id: 'here' } })).toEqual(
      listed(),
    );
    expect(transition(listed(), { type: 'ask', confirm: { kind: 'session', id: 'gone' } })).toEqual(
      listed(),
    );
    expect(
      transition(listed({ sessions: [here] }), { type: 'ask', confirm: { kind: 'others' } }),
    ).toEqual(listed({ sessions: [here] }));
    const asked = transition(listed(), { type: 'ask', confirm: { kind: 'passkey', id: 'a' } });
    expect(asked).toEqual(listed({ confirm: { kind: 'passkey', id: 'a' } }));
    expect(transition(asked, { type: 'cancel' })).toEqual(listed());
  });

  it('keeps the dialog while an action is on its way', () => {
    const busy = listed({ confirm: { kind: 'others' }, submitting: true });
    expect(transition(busy, { type: 'cancel' })).toBe(busy);
    expect(transition(busy, { type: 'ask', confirm: { kind: 'passkey', id: 'a' } })).toBe(busy);
    expect(transition(busy, { type: 'sign_in' })).toBe(busy);
    expect(transition(busy, { type: 'refreshed', ...lists() })).toBe(busy);
  });

  it('ends each action with its row gone and its notice', () => {
    const ending = (confirm: Confirm) => listed({ confirm, submitting: true });
    expect(
      transition(ending({ kind: 'session', id: 'phone' }), {
        type: 'ended',
        outcome: { kind: 'done' },
      }),
    ).toEqual(listed({ sessions: [here, laptop], notice: { kind: 'signed_out', session: phone } }));
    expect(
      transition(ending({ kind: 'session', id: 'phone' }), {
        type: 'ended',
        outcome: { kind: 'gone' },
      }),
    ).toEqual(
      listed({ sessions: [here, laptop], notice: { kind: 'already_signed_out', session: phone } }),
    );
    expect(
      transition(ending({ kind: 'others' }), {
        type: 'ended',
        outcome: { kind: 'done', count: 2 },
      }),
    ).toEqual(listed({ sessions: [here], notice: { kind: 'signed_out_others', count: 2 } }));
    expect(
      transition(ending({ kind: 'passkey', id: 'a' }), {
        type: 'ended',
        outcome: { kind: 'done' },
      }),
    ).toEqual(
      listed({
        passkeys: [passkey('b')],
        notice: { kind: 'passkey_removed', passkey: passkey('a') },
      }),
    );
    expect(
      transition(ending({ kind: 'passkey', id: 'a' }), {
        type: 'ended',
        outcome: { kind: 'kept' },
      }),
    ).toEqual(listed({ notice: { kind: 'passkey_kept', passkey: passkey('a') } }));
  });

  it('keeps the lists when an action failed, with its reason', () => {
    expect(
      transition(listed({ confirm: { kind: 'session', id: 'laptop' }, submitting: true }), {
        type: 'ended',
        outcome: { kind: 'failed', reason: 'expired' },
      }),
    ).toEqual(listed({ notice: { kind: 'session_failed', session: laptop, reason: 'expired' } }));
    expect(
      transition(listed({ confirm: { kind: 'others' }, submitting: true }), {
        type: 'ended',
        outcome: { kind: 'failed', reason: 'network' },
      }),
    ).toEqual(listed({ notice: { kind: 'others_failed', reason: 'network' } }));
  });

  it('reads failures: 409 last_sign_in_method keeps a passkey', () => {
    expect(isKept(http(409, { error: 'last_sign_in_method' }))).toBe(true);
    expect(isKept(http(409, { error: 'conflict' }))).toBe(false);
    expect(passkeysOf([passkey('a'), passkey('b', 'other.example')], 'localhost')).toEqual(['a']);
  });
});

function deps(overrides: Partial<SecurityDeps> = {}): SecurityDeps & { signalled: unknown[][] } {
  const signalled: unknown[][] = [];
  return {
    accessToken: 'token',
    returned: false,
    fetchLists: vi.fn(() => Promise.resolve(lists())),
    signOutSession: vi.fn(() => Promise.resolve('done' as const)),
    signOutOthers: vi.fn(() => Promise.resolve(2)),
    removePasskey: vi.fn(() => Promise.resolve('done' as const)),
    signalPasskeys: (a, p) => void signalled.push([a, p]),
    goToAuthorize: vi.fn(),
    toFailure,
    ...overrides,
    signalled,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('security page flow', () => {
  it('lists, then tells the browser the passkeys; no token goes to authorize', async () => {
    const d = deps();
    const flow = createSecurityFlow(d);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual(listed());
    expect(d.signalled).toEqual([[account, lists().passkeys]]);

    const none = deps({ accessToken: undefined });
    createSecurityFlow(none).start();
    await settle();
    expect(none.goToAuthorize).toHaveBeenCalledOnce();
    expect(none.fetchLists).not.toHaveBeenCalled();
  });

  it('a refused list goes to authorize; another failure offers a retry that lists', async () => {
    const refused = deps({
      fetchLists: vi.fn(() => Promise.reject(new ApiError(http(401)))),
    });
    createSecurityFlow(refused).start();
    await settle();
    expect(refused.goToAuthorize).toHaveBeenCalledOnce();

    let fail = true;
    const flaky = deps({
      fetchLists: vi.fn(() =>
        fail ? Promise.reject(new ApiError(network)) : Promise.resolve(lists()),
      ),
    });
    const flow = createSecurityFlow(flaky);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'load_failed', reason: 'network' });
    fail = false;
    flow.retry();
    await settle();
    expect(flow.$state.get().view).toBe('list');
  });

  it('a session already gone (404) says so and reads the lists again', async () => {
    const fresh = lists({ sessions: [here] });
    const fetchLists = vi.fn<SecurityDeps['fetchLists']>().mockResolvedValueOnce(lists());
    fetchLists.mockResolvedValueOnce(fresh);
    const d = deps({ fetchLists, signOutSession: vi.fn(() => Promise.resolve('gone' as const)) });
    const flow = createSecurityFlow(d);
    flow.start();
    await settle();
    flow.ask({ kind: 'session', id: 'phone' });
    await flow.confirm();
    expect(d.signOutSession).toHaveBeenCalledWith('token', 'phone');
    expect(fetchLists).toHaveBeenCalledTimes(2);
    expect(flow.$state.get()).toEqual(
      listed({ ...fresh, notice: { kind: 'already_signed_out', session: phone } }),
    );
  });

  it('signs out everywhere else and removes a passkey, telling the browser what is left', async () => {
    const d = deps();
    const flow = createSecurityFlow(d);
    flow.start();
    await settle();
    flow.ask({ kind: 'others' });
    await flow.confirm();
    expect(flow.$state.get()).toMatchObject({
      sessions: [here],
      notice: { kind: 'signed_out_others', count: 2 },
    });
    flow.ask({ kind: 'passkey', id: 'a' });
    await flow.confirm();
    expect(d.removePasskey).toHaveBeenCalledWith('token', 'a');
    expect(d.signalled.at(-1)).toEqual([account, [passkey('b')]]);
  });

  it('the service keeping the last passkey (409) says so; an expired token offers sign-in', async () => {
    const d = deps({
      removePasskey: vi.fn(() =>
        Promise.reject(new ApiError(http(409, { error: 'last_sign_in_method' }))),
      ),
      signOutSession: vi.fn(() => Promise.reject(new ApiError(http(401)))),
    });
    const flow = createSecurityFlow(d);
    flow.start();
    await settle();
    flow.ask({ kind: 'passkey', id: 'a' });
    await flow.confirm();
    expect(flow.$state.get()).toMatchObject({
      passkeys: lists().passkeys,
      notice: { kind: 'passkey_kept', passkey: passkey('a') },
    });
    flow.ask({ kind: 'session', id: 'laptop' });
    await flow.confirm();
    expect(flow.$state.get()).toMatchObject({
      notice: { kind: 'session_failed', reason: 'expired' },
    });
    flow.signIn();
    expect(d.goToAuthorize).toHaveBeenCalledOnce();
  });
});
