import { describe, expect, it, vi } from 'vitest';
import { ApiError, toFailure } from '../../../../src/api/errors.ts';
import type { Association } from '../../../../src/contract/identity-service.ts';
import {
  appInitial,
  createConnectedAppsFlow,
  initialState,
  toConnectedApp,
  transition,
  type AppsState,
  type ConnectedApp,
  type ConnectedAppsDeps,
} from '../../../../src/stores/flows/connected-apps.ts';
import { safeLogoUri } from '../../../../src/stores/client.ts';
import { tokenFailure } from '../../../../src/stores/flows/signed-in.ts';
import { http } from './failures.ts';

const web: ConnectedApp = { clientId: 'sandbox-web', name: 'Sandbox Web', logoUri: '/logo.svg' };
const noLogo: ConnectedApp = {
  clientId: 'sandbox-nologo',
  name: 'Sandbox No Logo',
  logoUri: undefined,
};
const list = (extra: Partial<Extract<AppsState, { view: 'list' }>> = {}): AppsState => ({
  view: 'list',
  apps: [web, noLogo],
  ...extra,
});

describe('connected apps transition', () => {
  it('starts loading and shows the list once loaded', () => {
    expect(initialState()).toEqual({ view: 'loading' });
    expect(transition(initialState(), { type: 'loaded', apps: [web] })).toEqual({
      view: 'list',
      apps: [web],
    });
    expect(transition(initialState(), { type: 'loaded', apps: [] })).toEqual({
      view: 'list',
      apps: [],
    });
  });

  it('goes to the authorize flow without a valid token, but only once', () => {
    expect(transition(initialState(), { type: 'unauthorized', returned: false })).toEqual({
      view: 'redirect',
    });
    expect(transition(initialState(), { type: 'unauthorized', returned: true })).toEqual({
      view: 'signin_failed',
    });
    expect(transition({ view: 'signin_failed' }, { type: 'sign_in' })).toEqual({
      view: 'redirect',
    });
  });

  it('offers a retry when the list could not be loaded for another reason', () => {
    const failed = transition(initialState(), { type: 'load_failed', reason: 'timeout' });
    expect(failed).toEqual({ view: 'load_failed', reason: 'timeout' });
    expect(transition(failed, { type: 'retry' })).toEqual({ view: 'loading' });
    expect(transition(failed, { type: 'sign_in' })).toEqual({ view: 'redirect' });
  });

  it('ignores load events outside the loading step', () => {
    const state = list();
    expect(transition(state, { type: 'loaded', apps: [] })).toBe(state);
    expect(transition(state, { type: 'load_failed', reason: 'network' })).toBe(state);
    expect(transition(state, { type: 'unauthorized', returned: false })).toBe(state);
    expect(transition(state, { type: 'retry' })).toBe(state);
    expect(transition({ view: 'redirect' }, { type: 'sign_in' })).toEqual({ view: 'redirect' });
  });

  it('asks for confirmation before removing, and cancelling keeps everything', () => {
    const asking = transition(list(), { type: 'ask_remove', clientId: 'sandbox-web' });
    expect(asking).toEqual(list({ confirm: 'sandbox-web' }));
    expect(transition(asking, { type: 'cancel_remove' })).toEqual(list());
    // Unknown apps and other views are ignored.
    expect(transition(list(), { type: 'ask_remove', clientId: 'nope' })).toEqual(list());
    const loading = initialState();
    expect(transition(loading, { type: 'ask_remove', clientId: 'sandbox-web' })).toBe(loading);
    expect(transition(list(), { type: 'cancel_remove' })).toEqual(list());
  });

  it('asking again clears the last notice', () => {
    const state = list({ notice: { kind: 'removed', name: 'Other' } });
    expect(transition(state, { type: 'ask_remove', clientId: 'sandbox-web' })).toEqual(
      list({ confirm: 'sandbox-web' }),
    );
  });

  it('removes the app and says so', () => {
    const started = transition(list({ confirm: 'sandbox-web' }), { type: 'remove_started' });
    expect(started).toEqual(list({ confirm: 'sandbox-web', submitting: true }));
    // While removing, nothing else starts or closes.
    expect(transition(started, { type: 'cancel_remove' })).toBe(started);
    expect(transition(started, { type: 'ask_remove', clientId: 'sandbox-nologo' })).toBe(started);
    expect(transition(started, { type: 'remove_started' })).toBe(started);
    expect(transition(started, { type: 'sign_in' })).toBe(started);
    expect(transition(started, { type: 'removed', clientId: 'sandbox-web' })).toEqual({
      view: 'list',
      apps: [noLogo],
      notice: { kind: 'removed', name: 'Sandbox Web' },
    });
    expect(transition(started, { type: 'removed', clientId: 'sandbox-nologo' })).toBe(started);
  });

  it('keeps the list when a removal fails, and says why', () => {
    const started = list({ confirm: 'sandbox-web', submitting: true });
    expect(
      transition(started, { type: 'remove_failed', clientId: 'sandbox-web', reason: 'server' }),
    ).toEqual({
      view: 'list',
      apps: [web, noLogo],
      notice: {
        kind: 'remove_failed',
        clientId: 'sandbox-web',
        name: 'Sandbox Web',
        reason: 'server',
      },
    });
    expect(
      transition(started, { type: 'remove_failed', clientId: 'other', reason: 'server' }),
    ).toBe(started);
    expect(transition(list(), { type: 'remove_started' })).toEqual(list());
  });

  it('lets the user sign in again from the list (expired token) and dismiss notices', () => {
    expect(transition(list(), { type: 'sign_in' })).toEqual({ view: 'redirect' });
    const noticed = list({ notice: { kind: 'removed', name: 'Sandbox Web' } });
    expect(transition(noticed, { type: 'dismiss_notice' })).toEqual(list());
    expect(transition(list(), { type: 'dismiss_notice' })).toEqual(list());
  });
});

describe('connected apps helpers', () => {
  it('classes failures (as every token page does): 401/403 mean the token is no good', () => {
    expect(tokenFailure(http(401))).toBe('expired');
    expect(tokenFailure(http(403))).toBe('expired');
    expect(tokenFailure(http(500))).toBe('server');
    expect(tokenFailure({ kind: 'malformed' })).toBe('server');
    expect(tokenFailure({ kind: 'timeout' })).toBe('timeout');
    expect(tokenFailure({ kind: 'network' })).toBe('network');
    expect(tokenFailure({ kind: 'offline' })).toBe('offline');
  });

  it('keeps only https or same-origin logos', () => {
    const safe = (value: string | null | undefined) => safeLogoUri(value, 'https://acct.example');
    const make = (logoUri: string | null) =>
      toConnectedApp({ clientId: 'c', clientName: ' Name ', logoUri }, safe).logoUri;
    expect(make('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(make('/_sandbox/logo.svg')).toBe('https://acct.example/_sandbox/logo.svg');
    expect(make('http://cdn.example/logo.png')).toBeUndefined();
    expect(make('javascript:alert(1)')).toBeUndefined();
    expect(make('data:image/svg+xml,<svg/>')).toBeUndefined();
    expect(make(null)).toBeUndefined();
    expect(toConnectedApp({ clientId: 'c', clientName: '  ' }, safe).name).toBe('c');
  });

  it('makes a placeholder letter from the name', () => {
    expect(appInitial('sandbox web')).toBe('S');
    expect(appInitial('  ölçer')).toBe('Ö');
    expect(appInitial('مسار')).toBe('م');
    expect(appInitial('')).toBe('?');
  });
});

function deps(overrides: Partial<ConnectedAppsDeps> = {}): ConnectedAppsDeps {
  const apps: Association[] = [
    { clientId: 'sandbox-web', clientName: 'Sandbox Web', logoUri: '/_sandbox/logo.svg' },
    { clientId: 'sandbox-nologo', clientName: 'Sandbox No Logo', logoUri: null },
  ];
  return {
    accessToken: 'sandbox-access-token',
    returned: false,
    fetchApps: vi.fn(() => Promise.resolve(apps)),
    removeApp: vi.fn(() => Promise.resolve()),
    safeLogo: (value) => safeLogoUri(value, 'https://acct.example'),
    goToAuthorize: vi.fn(),
    toFailure,
    ...overrides,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('connected apps flow', () => {
  it('loads the list with the token from the hash', async () => {
    const fake = deps();
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    expect(fake.fetchApps).toHaveBeenCalledWith('sandbox-access-token', expect.any(AbortSignal));
    const state = flow.$state.get();
    expect(state.view === 'list' && state.apps.map((app) => app.logoUri)).toEqual([
      'https://acct.example/_sandbox/logo.svg',
      undefined,
    ]);
    expect(fake.goToAuthorize).not.toHaveBeenCalled();
    flow.destroy();
  });

  it('goes to the authorize flow with no token, without calling the API', async () => {
    const fake = deps({ accessToken: undefined });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    expect(fake.fetchApps).not.toHaveBeenCalled();
    expect(flow.$state.get()).toEqual({ view: 'redirect' });
    expect(fake.goToAuthorize).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('goes to the authorize flow when the token is refused (401)', async () => {
    const fake = deps({
      fetchApps: () => Promise.reject(new ApiError(http(401))),
    });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    expect(fake.goToAuthorize).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('does not loop: back from authorize and still refused shows sign-in', async () => {
    const fake = deps({
      returned: true,
      fetchApps: () => Promise.reject(new ApiError(http(401))),
    });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'signin_failed' });
    expect(fake.goToAuthorize).not.toHaveBeenCalled();
    flow.signIn();
    expect(fake.goToAuthorize).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('retries in place after a server failure', async () => {
    let calls = 0;
    const fake = deps({
      fetchApps: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new ApiError(http(503))) : Promise.resolve([]);
      },
    });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'load_failed', reason: 'server' });
    flow.retry();
    expect(flow.$state.get()).toEqual({ view: 'loading' });
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'list', apps: [] });
    flow.retry(); // not in load_failed: nothing happens
    expect(calls).toBe(2);
    flow.destroy();
  });

  it('removes an app after confirmation, with the bearer token', async () => {
    const fake = deps();
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    await flow.confirmRemove(); // nothing to confirm yet
    expect(fake.removeApp).not.toHaveBeenCalled();
    flow.askRemove('sandbox-web');
    const removal = flow.confirmRemove();
    const during = flow.$state.get();
    expect(during.view === 'list' && during.submitting && during.confirm).toBe('sandbox-web');
    await flow.confirmRemove(); // a second click does nothing
    await removal;
    expect(fake.removeApp).toHaveBeenCalledTimes(1);
    expect(fake.removeApp).toHaveBeenCalledWith('sandbox-access-token', 'sandbox-web');
    const after = flow.$state.get();
    expect(after.view === 'list' && after.apps.map((app) => app.clientId)).toEqual([
      'sandbox-nologo',
    ]);
    expect(after.view === 'list' && after.notice).toEqual({
      kind: 'removed',
      name: 'Sandbox Web',
    });
    flow.destroy();
  });

  it('keeps the list when the removal fails', async () => {
    const fake = deps({ removeApp: () => Promise.reject(new ApiError({ kind: 'network' })) });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    flow.askRemove('sandbox-nologo');
    await flow.confirmRemove();
    const state = flow.$state.get();
    expect(state.view === 'list' && state.apps).toHaveLength(2);
    expect(state.view === 'list' && state.notice).toEqual({
      kind: 'remove_failed',
      clientId: 'sandbox-nologo',
      name: 'Sandbox No Logo',
      reason: 'network',
    });
    flow.destroy();
  });

  it('says the session expired when the removal is refused (401)', async () => {
    const fake = deps({ removeApp: () => Promise.reject(new ApiError(http(401))) });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    await settle();
    flow.askRemove('sandbox-web');
    await flow.confirmRemove();
    const state = flow.$state.get();
    expect(state.view === 'list' && state.notice && state.notice.kind).toBe('remove_failed');
    expect(
      state.view === 'list' && state.notice?.kind === 'remove_failed' && state.notice.reason,
    ).toBe('expired');
    flow.destroy();
  });

  it('stops when destroyed: a late answer changes nothing', async () => {
    let resolve: (apps: Association[]) => void = () => undefined;
    const fake = deps({
      fetchApps: (_token, signal) =>
        new Promise((done) => {
          resolve = done;
          signal.addEventListener('abort', () => undefined);
        }),
    });
    const flow = createConnectedAppsFlow(fake);
    flow.start();
    flow.destroy();
    resolve([]);
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'loading' });
  });
});
