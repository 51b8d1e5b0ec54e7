import { describe, expect, it, vi } from 'vitest';
import { ApiError, toFailure } from '../../../../../src/api/errors.ts';
import {
  createBusinessInvitationFlow,
  INVITATION_ERROR_KEYS,
  type BusinessInvitationDeps,
} from '../../../../../src/stores/flows/business-invitation.ts';
import { http } from '../failures.ts';
import { invitee, ready } from './states.ts';

function deps(overrides: Partial<BusinessInvitationDeps> = {}): BusinessInvitationDeps {
  return {
    code: 'inv-valid',
    returned: false,
    fetchInvitee: vi.fn(() => Promise.resolve(invitee)),
    accept: vi.fn(() => Promise.resolve({ status: 'accepted' })),
    assignRole: vi.fn(() => Promise.resolve()),
    skipRoleCall: vi.fn(() => Promise.resolve(false)),
    toFailure,
    goToBusinessApp: vi.fn(),
    goToSignIn: vi.fn(),
    logOut: vi.fn(),
    track: vi.fn(),
    pageView: vi.fn(),
    ...overrides,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('business invitation flow', () => {
  it('greets the invitee, accepts, assigns the role and redirects', async () => {
    const fake = deps();
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual(ready);
    expect(fake.pageView).toHaveBeenCalledTimes(1);
    await flow.accept();
    expect(fake.accept).toHaveBeenCalledWith('inv-valid', invitee);
    expect(fake.assignRole).toHaveBeenCalledWith('inv-valid');
    expect(flow.$state.get()).toEqual({ view: 'redirect' });
    expect(fake.goToBusinessApp).toHaveBeenCalledTimes(1);
    expect(fake.track).toHaveBeenCalledWith('business_invitation_accepted');
    flow.destroy();
  });

  it('skips the role call when the flag is on', async () => {
    const fake = deps({ skipRoleCall: () => Promise.resolve(true) });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(fake.assignRole).not.toHaveBeenCalled();
    expect(fake.goToBusinessApp).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('reads the flag as off when the flag service fails', async () => {
    const fake = deps({ skipRoleCall: () => Promise.reject(new Error('down')) });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(fake.assignRole).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('ignores a second Accept while submitting', async () => {
    let release: () => void = () => undefined;
    const fake = deps({
      accept: vi.fn(
        () =>
          new Promise<unknown>((done) => {
            release = () => done({});
          }),
      ),
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    const first = flow.accept();
    await flow.accept();
    release();
    await first;
    expect(fake.accept).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('shows the error of the table and reports its kind (never the code)', async () => {
    const fake = deps({
      accept: () => Promise.reject(new ApiError(http(400, { error_code: 'BU-0013' }))),
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(flow.$state.get()).toEqual({
      view: 'failed',
      invitee,
      reason: 'revoked',
      error: { key: INVITATION_ERROR_KEYS.revoked },
    });
    expect(fake.assignRole).not.toHaveBeenCalled();
    expect(fake.track).toHaveBeenCalledWith('business_invitation_error', { reason: 'revoked' });
    flow.destroy();
  });

  it('a failed role call is the mot failure', async () => {
    const fake = deps({
      assignRole: () => Promise.reject(new ApiError(http(502, { error: 'mot_request_failed' }))),
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(flow.$state.get()).toEqual({
      view: 'failed',
      invitee,
      reason: 'mot_failed',
      error: { key: INVITATION_ERROR_KEYS.mot_failed },
    });
    expect(fake.goToBusinessApp).not.toHaveBeenCalled();
    flow.destroy();
  });

  it.each([
    ['offline', { kind: 'offline' }, { key: 'common:offline' }],
    ['a timeout', { kind: 'timeout' }, { key: 'common:timeout' }],
    ['a dropped connection', { kind: 'network' }, { key: 'common:networkError' }],
    ['malformed JSON', { kind: 'malformed' }, { key: 'common:networkError' }],
    ['a 500', http(500), undefined],
  ] as const)('a failed accept (%s) says whether a server answered', async (_, failure, said) => {
    const fake = deps({ accept: () => Promise.reject(new ApiError(failure)) });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(flow.$state.get()).toEqual({
      view: 'ready',
      invitee,
      reason: 'unknown',
      error: said ?? { key: INVITATION_ERROR_KEYS.unknown },
    });
    flow.destroy();
  });

  it('after a network failure of the role call, Accept retries only the role call', async () => {
    let calls = 0;
    const fake = deps({
      assignRole: vi.fn(() => {
        calls += 1;
        return calls === 1 ? Promise.reject(new ApiError({ kind: 'network' })) : Promise.resolve();
      }),
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    await flow.accept();
    expect(flow.$state.get()).toEqual({
      view: 'ready',
      invitee,
      reason: 'unknown',
      error: { key: 'common:networkError' },
      processed: true,
    });
    await flow.accept();
    expect(fake.accept).toHaveBeenCalledTimes(1);
    expect(fake.assignRole).toHaveBeenCalledTimes(2);
    expect(flow.$state.get()).toEqual({ view: 'redirect' });
    flow.destroy();
  });

  it('goes through sign-in when nobody is signed in', async () => {
    const fake = deps({ fetchInvitee: () => Promise.reject(new ApiError(http(401))) });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'signin' });
    expect(fake.goToSignIn).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('does not loop through sign-in', async () => {
    const fake = deps({
      returned: true,
      fetchInvitee: () => Promise.reject(new ApiError(http(401))),
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'signin_failed' });
    expect(fake.goToSignIn).not.toHaveBeenCalled();
    flow.signIn();
    expect(fake.goToSignIn).toHaveBeenCalledTimes(1);
    flow.destroy();
  });

  it('retries user info in place', async () => {
    let calls = 0;
    const fake = deps({
      fetchInvitee: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new ApiError({ kind: 'timeout' }))
          : Promise.resolve(invitee);
      },
    });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'load_failed', reason: 'timeout' });
    flow.retry();
    await settle();
    expect(flow.$state.get()).toEqual(ready);
    flow.retry();
    expect(calls).toBe(2);
    flow.destroy();
  });

  it('fails at once on an impossible code, without calling anything', async () => {
    const fake = deps({ code: '_' });
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    expect(flow.$state.get()).toEqual({
      view: 'failed',
      reason: 'invalid',
      error: { key: INVITATION_ERROR_KEYS.invalid },
    });
    expect(fake.fetchInvitee).not.toHaveBeenCalled();
    await flow.accept();
    expect(fake.accept).not.toHaveBeenCalled();
    flow.destroy();
  });

  it("'Not now' logs out", async () => {
    const fake = deps();
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    await settle();
    flow.notNow();
    expect(fake.logOut).toHaveBeenCalledTimes(1);
    expect(fake.track).toHaveBeenCalledWith('business_invitation_not_now');
    flow.destroy();
  });

  it('changes nothing once destroyed', async () => {
    const fake = deps();
    const flow = createBusinessInvitationFlow(fake);
    flow.start();
    flow.destroy();
    await settle();
    expect(flow.$state.get()).toEqual({ view: 'loading' });
    expect(fake.pageView).not.toHaveBeenCalled();
  });
});
