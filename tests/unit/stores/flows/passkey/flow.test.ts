import { describe, expect, it, vi } from 'vitest';
import {
  createPasskeyFlow,
  type PasskeyDeps,
  type PasskeySupport,
} from '../../../../../src/stores/flows/passkey.ts';
import { deferred, fail, http } from '../failures.ts';

const ALL: PasskeySupport = { passkeys: true, autofill: true, platform: true };

function setup(overrides: Partial<PasskeyDeps> = {}, support = ALL) {
  const enrolled: string[] = [];
  let skipped = false;
  const calls: { mode: string; signal: AbortSignal; onAsserted: () => void }[] = [];
  const answers: ReturnType<typeof deferred<string>>[] = [];
  const deps: PasskeyDeps = {
    signIn: vi.fn((mode, signal, onAsserted) => {
      calls.push({ mode, signal, onAsserted });
      const answer = deferred<string>();
      answers.push(answer);
      return answer.promise;
    }),
    enrol: vi.fn(() => Promise.resolve()),
    device: {
      hasAny: () => enrolled.length > 0,
      has: (phone) => Promise.resolve(enrolled.includes(phone)),
      markEnrolled: (phone) => {
        enrolled.push(phone);
        return Promise.resolve();
      },
      skipped: () => skipped,
      skip: () => {
        skipped = true;
      },
    },
    analytics: { page: vi.fn(), track: vi.fn(), flush: vi.fn(() => Promise.resolve()) },
    clientId: () => 'sandbox-web',
    onSignedIn: vi.fn(),
    onOfferClosed: vi.fn(),
    ...overrides,
  };
  const flow = createPasskeyFlow(deps);
  const start = () => flow.init(support);
  return { deps, flow, calls, answers, enrolled, start };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('passkey flow (fake deps)', () => {
  it('autofill waits on the shown field; a pick is verified and hands the token to the login', async () => {
    const { deps, flow, calls, answers, start } = setup();
    start();
    expect(calls).toHaveLength(0);
    const hide = flow.showField();
    expect(calls.map((call) => call.mode)).toEqual(['conditional']);
    expect(deps.signIn).toHaveBeenCalledWith(
      'conditional',
      expect.any(AbortSignal),
      expect.any(Function),
      { clientId: 'sandbox-web' },
    );
    calls[0]?.onAsserted();
    expect(flow.$state.get().submitting).toBe(true);
    answers[0]?.resolve('pt_passkey');
    await settle();
    expect(deps.onSignedIn).toHaveBeenCalledWith('pt_passkey');
    hide();
  });

  it('the button ends the autofill request first; its failure shows a message and autofill waits again', async () => {
    const { flow, calls, answers, start } = setup();
    start();
    flow.showField();
    flow.signIn();
    expect(calls.map((call) => call.mode)).toEqual(['conditional', 'modal']);
    expect(calls[0]?.signal.aborted).toBe(true);
    answers[1]?.reject(new DOMException('x', 'NotAllowedError'));
    await settle();
    expect(flow.$state.get()).toMatchObject({
      view: 'sign_in',
      submitting: false,
      error: { key: 'login:passkey.noPasskey' },
    });
    expect(calls.map((call) => call.mode)).toEqual(['conditional', 'modal', 'conditional']);
  });

  it('a rejected autofill pick says so; autofill ending without a pick says nothing', async () => {
    const { flow, calls, answers, start } = setup();
    start();
    flow.showField();
    answers[0]?.reject(new DOMException('x', 'NotAllowedError'));
    await settle();
    expect(flow.$state.get().error).toBeUndefined();
    expect(calls).toHaveLength(1);

    flow.showField();
    calls[1]?.onAsserted();
    answers[1]?.reject(fail(http(400, 'invalid_passkey')));
    await settle();
    expect(flow.$state.get().error).toEqual({ key: 'login:passkey.rejected' });
  });

  it('hiding the field drops the autofill request; destroy drops a late answer', async () => {
    const { deps, flow, calls, answers, start } = setup();
    start();
    const hide = flow.showField();
    hide();
    expect(calls[0]?.signal.aborted).toBe(true);
    flow.showField();
    flow.destroy();
    answers[1]?.resolve('pt_late');
    await settle();
    expect(deps.onSignedIn).not.toHaveBeenCalled();
  });

  it('no button and no autofill where the browser has no passkeys', () => {
    const { flow, calls, start } = setup({}, { passkeys: false, autofill: false, platform: false });
    start();
    flow.showField();
    flow.signIn();
    expect(flow.$state.get().view).toBe('unavailable');
    expect(calls).toHaveLength(0);
  });

  it('offers enrolment only with a platform authenticator, no passkey here for the account, no skip', async () => {
    const { flow, enrolled, deps, start } = setup();
    start();
    expect(await flow.shouldOffer('971500000020')).toBe(true);
    enrolled.push('971500000020');
    expect(await flow.shouldOffer('971500000020')).toBe(false);
    expect(await flow.shouldOffer('971500000002')).toBe(true);
    deps.device.skip();
    expect(await flow.shouldOffer('971500000002')).toBe(false);

    const noPlatform = setup({}, { passkeys: true, autofill: true, platform: false });
    noPlatform.start();
    expect(await noPlatform.flow.shouldOffer('971500000002')).toBe(false);
  });

  it('one tap adds the passkey, remembers it here and closes the offer', async () => {
    const { flow, deps, enrolled, start } = setup();
    start();
    flow.offer('pt_1', '971500000020');
    await flow.enrol();
    expect(deps.enrol).toHaveBeenCalledWith('pt_1', expect.any(AbortSignal));
    expect(enrolled).toEqual(['971500000020']);
    expect(flow.$state.get()).toMatchObject({ view: 'closed', outcome: 'added' });
    expect(deps.onOfferClosed).toHaveBeenCalledTimes(1);
    expect(deps.analytics.track).toHaveBeenCalledWith('passkey_added', { flow: 'biometric' });
  });

  it('a failed enrolment keeps the offer; a passkey already here is remembered', async () => {
    const enrol = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('x', 'NotAllowedError'))
      .mockRejectedValueOnce(new DOMException('x', 'InvalidStateError'));
    const { flow, deps, enrolled, start } = setup({ enrol });
    start();
    flow.offer('pt_1', '971500000020');
    await flow.enrol();
    expect(flow.$state.get()).toMatchObject({
      view: 'offer',
      error: { key: 'login:passkey.enrolFailed' },
    });
    expect(enrolled).toEqual([]);
    await flow.enrol();
    expect(flow.$state.get().error).toEqual({ key: 'login:passkey.exists' });
    expect(enrolled).toEqual(['971500000020']);
    expect(deps.onOfferClosed).not.toHaveBeenCalled();
  });

  it("'Not now' is remembered and closes at once, dropping an enrolment in flight", async () => {
    const pending = deferred<void>();
    let signal: AbortSignal | undefined;
    const enrol = vi.fn((_token: string, given: AbortSignal) => {
      signal = given;
      return pending.promise;
    });
    const { flow, deps, enrolled, start } = setup({ enrol });
    start();
    flow.offer('pt_1', '971500000020');
    const adding = flow.enrol();
    flow.skip();
    expect(signal?.aborted).toBe(true);
    expect(deps.device.skipped()).toBe(true);
    expect(deps.onOfferClosed).toHaveBeenCalledTimes(1);
    pending.resolve();
    await adding;
    expect(enrolled).toEqual([]);
    expect(flow.$state.get()).toMatchObject({ view: 'closed', outcome: 'skipped' });
    expect(deps.onOfferClosed).toHaveBeenCalledTimes(1);
  });
});
