import { describe, expect, it } from 'vitest';
import {
  enrolMessage,
  initialState,
  passkeyFailure,
  signInMessage,
  transition,
  type PasskeyState,
} from '../../../../../src/stores/flows/passkey.ts';
import { fail, http, network } from '../failures.ts';

const ALL = { passkeys: true, autofill: true, platform: true };
const ready = (): PasskeyState => transition(initialState(), { type: 'supportRead', support: ALL });

describe('passkey transition', () => {
  it('stays unavailable where the browser has no passkeys, and shows the button where it has', () => {
    const none = { passkeys: false, autofill: false, platform: false };
    expect(transition(initialState(), { type: 'supportRead', support: none }).view).toBe(
      'unavailable',
    );
    expect(ready()).toEqual({ view: 'sign_in', support: ALL, submitting: false, error: undefined });
  });

  it('the button: busy once (a second press is ignored), a failure shows its message', () => {
    const started = transition(ready(), { type: 'started' });
    expect(started.submitting).toBe(true);
    expect(transition(started, { type: 'started' })).toBe(started);
    const failed = transition(started, { type: 'failed', failure: { reason: 'cancelled' } });
    expect(failed).toMatchObject({ view: 'sign_in', submitting: false });
    expect(failed.error).toEqual({ key: 'login:passkey.cancelled' });
    // A new attempt clears the message.
    expect(transition(failed, { type: 'started' }).error).toBeUndefined();
  });

  it('an autofill pick is verified (busy), then signs in', () => {
    const asserted = transition(ready(), { type: 'asserted' });
    expect(asserted.submitting).toBe(true);
    expect(transition(asserted, { type: 'signedIn' })).toMatchObject({
      view: 'sign_in',
      submitting: false,
    });
  });

  it('the offer: add once, a failure keeps the offer with its message, then closed', () => {
    const offer = transition(ready(), { type: 'offered', token: 'pt_1', phone: '971500000020' });
    expect(offer).toMatchObject({ view: 'offer', token: 'pt_1', phone: '971500000020' });
    const adding = transition(offer, { type: 'enrolStarted' });
    expect(adding.submitting).toBe(true);
    expect(transition(adding, { type: 'enrolStarted' })).toBe(adding);
    const failed = transition(adding, { type: 'failed', failure: { reason: 'exists' } });
    expect(failed).toMatchObject({ view: 'offer', submitting: false });
    expect(failed.error).toEqual({ key: 'login:passkey.exists' });
    expect(transition(failed, { type: 'closed', outcome: 'skipped' })).toEqual({
      view: 'closed',
      outcome: 'skipped',
      support: ALL,
      submitting: false,
      error: undefined,
    });
  });

  it('events a view does not expect leave it unchanged', () => {
    const state = ready();
    expect(transition(state, { type: 'enrolStarted' })).toBe(state);
    expect(transition(state, { type: 'closed', outcome: 'added' })).toBe(state);
    const closed: PasskeyState = { ...state, view: 'closed', outcome: 'added' };
    expect(transition(closed, { type: 'failed', failure: { reason: 'timeout' } })).toBe(closed);
    expect(transition(closed, { type: 'started' })).toBe(closed);
  });
});

describe('passkey failures and messages', () => {
  const dom = (name: string) => new DOMException('x', name);

  it('reads the browser errors: a NotAllowedError is a cancel only where this device added a passkey', () => {
    expect(passkeyFailure(dom('NotAllowedError'), true)).toEqual({ reason: 'cancelled' });
    expect(passkeyFailure(dom('NotAllowedError'), false)).toEqual({ reason: 'no_passkey' });
    expect(passkeyFailure(dom('TimeoutError'), true)).toEqual({ reason: 'timeout' });
    expect(passkeyFailure(dom('InvalidStateError'), true)).toEqual({ reason: 'exists' });
    expect(passkeyFailure(dom('SecurityError'), true)).toEqual({ reason: 'unsupported' });
    expect(passkeyFailure(dom('NotSupportedError'), true)).toEqual({ reason: 'unsupported' });
  });

  it('reads the server: invalid_passkey is a rejection, anything else the login messages', () => {
    expect(passkeyFailure(fail(http(400, 'invalid_passkey')), true)).toEqual({
      reason: 'rejected',
    });
    expect(passkeyFailure(fail(network), true)).toEqual({ reason: 'server', failure: network });
    const blocked = http(400, { error: 'USER_BLOCKED', error_code: 'US-0068' });
    expect(passkeyFailure(fail(blocked), true)).toEqual({ reason: 'server', failure: blocked });
  });

  it('every sign-in failure has its own message; enrolment says exists or not added', () => {
    const keys = (['cancelled', 'timeout', 'no_passkey', 'rejected'] as const).map((reason) =>
      signInMessage({ reason }),
    );
    expect(new Set(keys.map((text) => JSON.stringify(text))).size).toBe(4);
    expect(signInMessage({ reason: 'server', failure: network })).not.toEqual(
      signInMessage({ reason: 'rejected' }),
    );
    expect(enrolMessage({ reason: 'exists' })).toEqual({ key: 'login:passkey.exists' });
    expect(enrolMessage({ reason: 'cancelled' })).toEqual({ key: 'login:passkey.enrolFailed' });
  });
});
