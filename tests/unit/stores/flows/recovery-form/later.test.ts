import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Flows from '../../../../../src/stores/flows/recovery-form/index.ts';
import { code, details, filled, PHONE, valid } from './states.ts';

/** The flow's modules afresh: its effects not loaded yet, as on a page that has just loaded. */
let fresh: typeof Flows;
beforeEach(async () => {
  vi.resetModules();
  fresh = await import('../../../../../src/stores/flows/recovery-form/index.ts');
});

function deps(): Flows.RecoveryFormDeps {
  return {
    parsePhone: vi.fn<Flows.RecoveryFormDeps['parsePhone']>().mockResolvedValue(valid),
    sendCode: vi.fn<Flows.RecoveryFormDeps['sendCode']>().mockResolvedValue(undefined),
    verifyCode: vi.fn<Flows.RecoveryFormDeps['verifyCode']>().mockResolvedValue('v1'),
    createToken: vi.fn<Flows.RecoveryFormDeps['createToken']>().mockResolvedValue('reset_1'),
    resetPassword: vi.fn<Flows.RecoveryFormDeps['resetPassword']>().mockResolvedValue(undefined),
    now: () => 1000,
    go: vi.fn<Flows.RecoveryFormDeps['go']>(),
  };
}

describe('recovery form: what runs once the details are sent comes later', () => {
  it('the details are typed and checked without the effects', async () => {
    const flow = fresh.createRecoveryFormFlow(deps());
    flow.setDetails({ phoneInput: '500000001', answer: '' });
    expect(flow.$state.get()).toMatchObject({ details: { phoneInput: '500000001' } });
    await flow.submitDetails();
    expect(flow.$state.get()).toMatchObject({
      view: 'details',
      submitting: false,
      fieldErrors: { answer: { key: 'recovery:form.fullName.required' } },
    });
    expect(fresh.recoveryFormEffects.loaded()).toBeUndefined();
  });

  it('sending the details waits for the effects, then sends the code', async () => {
    const d = deps();
    const flow = fresh.createRecoveryFormFlow(d, fresh.initialState(details));
    await flow.submitDetails();
    expect(fresh.recoveryFormEffects.loaded()).toBeDefined();
    expect(d.sendCode).toHaveBeenCalledWith(PHONE);
    expect(flow.$state.get()).toMatchObject({ view: 'code', phoneNumber: PHONE });
  });

  it('offline before the effects are here: said at once, nothing sent, then sent once online', async () => {
    const d = deps();
    const flow = fresh.createRecoveryFormFlow(d, fresh.initialState(details));
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await flow.submitDetails();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(flow.$state.get()).toMatchObject({
      view: 'details',
      submitting: false,
      details,
      error: { key: 'common:offline' },
    });
    expect(d.sendCode).not.toHaveBeenCalled();
    await flow.submitDetails();
    expect(d.sendCode).toHaveBeenCalledWith(PHONE);
    expect(flow.$state.get()).toMatchObject({ view: 'code' });
  });

  it("a later step's event sent before the effects are here waits for them (never dropped)", async () => {
    const flow = fresh.createRecoveryFormFlow(deps(), code);
    flow.back();
    expect(flow.$state.get().view).toBe('code');
    await fresh.recoveryFormEffects.load();
    expect(flow.$state.get()).toMatchObject({ view: 'details', details });
  });

  it("the details' part of the transition is the whole one's for its events, and leaves the rest", () => {
    const events: Flows.RecoveryFormEvent[] = [
      { type: 'detailsChanged', details: { ...details, answer: 'Layla' } },
      { type: 'detailsSubmitted', phone: valid },
      { type: 'detailsSubmitted', phone: { ...valid, isValid: false } },
    ];
    const sending = fresh.transition(filled, { type: 'detailsSubmitted', phone: valid });
    const failed: Flows.RecoveryFormEvent = {
      type: 'codeSendFailed',
      failure: { kind: 'offline' },
    };
    expect(fresh.firstViewTransition(sending, failed)).toEqual(fresh.transition(sending, failed));
    for (const event of events) {
      expect(fresh.firstViewTransition(filled, event)).toEqual(fresh.transition(filled, event));
    }
    expect(fresh.firstViewTransition(code, { type: 'backToDetails' })).toBe(code);
    expect(fresh.firstViewTransition(code, { type: 'codeChanged', code: '1' })).toBe(code);
  });
});
