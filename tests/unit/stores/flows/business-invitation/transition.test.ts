import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../../../src/api/errors.ts';
import { LOCALES } from '../../../../../src/i18n/config.ts';
import {
  initialState,
  INVITATION_ERROR_KEYS,
  INVITATION_ERRORS,
  invitationError,
  isPlausibleCode,
  isRetryable,
  loadFailure,
  transition,
  type InvitationError,
  type InvitationState,
} from '../../../../../src/stores/flows/business-invitation.ts';
import { http } from '../failures.ts';
import { invitee, ready } from './states.ts';

describe('business invitation errors (spec section 8, every row)', () => {
  const rows: [string, ApiFailure, InvitationError][] = [
    ['HTTP 401', http(401, { error: 'unauthorized' }), 'unauthorized'],
    ['HTTP 404', http(404, { error: 'not_found' }), 'not_found'],
    ['400 BU-0010', http(400, { error_code: 'BU-0010' }), 'expired'],
    ['400 BU-0011', http(400, { error_code: 'BU-0011' }), 'already_used'],
    ['400 BU-0012', http(400, { error_code: 'BU-0012' }), 'inactivated'],
    ['400 BU-0013', http(400, { error_code: 'BU-0013' }), 'revoked'],
    ['400 BU-0014', http(400, { error_code: 'BU-0014' }), 'cancelled'],
    ['400 BU-0015', http(400, { error_code: 'BU-0015' }), 'rejected'],
    ['400 BU-0016', http(400, { error_code: 'BU-0016' }), 'bad_shape'],
    ['other 400 code', http(400, { error_code: 'BU-0099' }), 'invalid'],
    ['400 without a code', http(400, undefined), 'invalid'],
    ['400 with an inherited name', http(400, { error_code: 'toString' }), 'invalid'],
    ['500', http(500), 'unknown'],
    ['409', http(409), 'unknown'],
    ['network', { kind: 'network' }, 'unknown'],
    ['timeout', { kind: 'timeout' }, 'unknown'],
    ['offline', { kind: 'offline' }, 'unknown'],
    ['malformed', { kind: 'malformed' }, 'unknown'],
    ['mot_request_failed on accept', http(400, { error: 'mot_request_failed' }), 'mot_failed'],
  ];
  for (const [name, failure, expected] of rows) {
    it(`accept: ${name} -> ${expected}`, () => {
      expect(invitationError(failure, 'process')).toBe(expected);
    });
  }

  it('the role call: mot_request_failed and other answers are a role failure, 401 stays 401', () => {
    expect(invitationError(http(502, { error: 'mot_request_failed' }), 'role')).toBe('mot_failed');
    expect(invitationError(http(500), 'role')).toBe('mot_failed');
    expect(invitationError(http(404), 'role')).toBe('mot_failed');
    expect(invitationError(http(401), 'role')).toBe('unauthorized');
    expect(invitationError({ kind: 'network' }, 'role')).toBe('unknown');
  });

  it('only an unknown failure can be retried', () => {
    expect(INVITATION_ERRORS.filter(isRetryable)).toEqual(['unknown']);
  });

  it('has its own translated message for every error, in every language', () => {
    const keys = new Set(Object.values(INVITATION_ERROR_KEYS));
    expect(keys.size).toBe(INVITATION_ERRORS.length);
    for (const locale of LOCALES) {
      const catalog = JSON.parse(
        readFileSync(
          new URL(`../../../../../i18n/${locale}/invitation.json`, import.meta.url),
          'utf8',
        ),
      ) as { error: Record<string, string> };
      const messages = new Set<string>();
      for (const key of keys) {
        const message = catalog.error[key.replace('invitation:error.', '')];
        expect(message, `${locale} ${key}`).toBeTruthy();
        messages.add(message ?? '');
      }
      expect(messages.size, `${locale}: messages are distinct`).toBe(keys.size);
    }
    expect(INVITATION_ERROR_KEYS.not_found).toBe('invitation:error.notFound');
  });
});

describe('business invitation transition', () => {
  it('loads the invitee, or fails at once on an impossible code', () => {
    expect(initialState()).toEqual({ view: 'loading' });
    expect(transition(initialState(), { type: 'user_loaded', invitee })).toEqual(ready);
    expect(transition(initialState(), { type: 'code_invalid' })).toEqual({
      view: 'failed',
      reason: 'invalid',
      error: { key: INVITATION_ERROR_KEYS.invalid },
    });
    expect(transition(ready, { type: 'code_invalid' })).toBe(ready);
    expect(transition(ready, { type: 'user_loaded', invitee })).toBe(ready);
  });

  it('sends the signed-out invitee through sign-in, once', () => {
    expect(transition(initialState(), { type: 'user_unauthorized', returned: false })).toEqual({
      view: 'signin',
    });
    const back = transition(initialState(), {
      type: 'user_unauthorized',
      returned: true,
    });
    expect(back).toEqual({ view: 'signin_failed' });
    expect(transition(back, { type: 'sign_in' })).toEqual({ view: 'signin' });
    expect(transition(ready, { type: 'sign_in' })).toBe(ready);
    expect(transition(ready, { type: 'user_unauthorized', returned: false })).toBe(ready);
  });

  it('offers a retry when user info fails for another reason', () => {
    const failed = transition(initialState(), { type: 'user_failed', reason: 'network' });
    expect(failed).toEqual({ view: 'load_failed', reason: 'network' });
    expect(transition(failed, { type: 'retry' })).toEqual({ view: 'loading' });
    expect(transition(ready, { type: 'retry' })).toBe(ready);
    expect(transition(ready, { type: 'user_failed', reason: 'network' })).toBe(ready);
  });

  it('accepts, assigns the role, then redirects', () => {
    const submitting = transition(ready, { type: 'accept' });
    expect(submitting).toEqual({ view: 'submitting', invitee, call: 'process' });
    expect(transition(submitting, { type: 'accept' })).toBe(submitting);
    const role = transition(submitting, { type: 'processed', skipRole: false });
    expect(role).toEqual({ view: 'submitting', invitee, call: 'role' });
    expect(transition(role, { type: 'processed', skipRole: false })).toBe(role);
    expect(transition(role, { type: 'role_assigned' })).toEqual({ view: 'redirect' });
    expect(transition(submitting, { type: 'role_assigned' })).toBe(submitting);
  });

  it('skips the role call when the server-to-server flag is on', () => {
    const submitting = transition(ready, { type: 'accept' });
    expect(transition(submitting, { type: 'processed', skipRole: true })).toEqual({
      view: 'redirect',
    });
  });

  it('stops on a definite error, keeps the invitee', () => {
    const submitting: InvitationState = { view: 'submitting', invitee, call: 'process' };
    expect(transition(submitting, { type: 'accept_failed', reason: 'expired' })).toEqual({
      view: 'failed',
      invitee,
      reason: 'expired',
      error: { key: INVITATION_ERROR_KEYS.expired },
    });
    expect(transition(ready, { type: 'accept_failed', reason: 'expired' })).toBe(ready);
  });

  it('lets the invitee try again after an unknown error, resuming where it failed', () => {
    const processFailed = transition(
      { view: 'submitting', invitee, call: 'process' },
      { type: 'accept_failed', reason: 'unknown' },
    );
    expect(processFailed).toEqual({
      view: 'ready',
      invitee,
      reason: 'unknown',
      error: { key: INVITATION_ERROR_KEYS.unknown },
    });
    expect(transition(processFailed, { type: 'accept' })).toEqual({
      view: 'submitting',
      invitee,
      call: 'process',
    });
    const roleFailed = transition(
      { view: 'submitting', invitee, call: 'role' },
      { type: 'accept_failed', reason: 'unknown' },
    );
    expect(roleFailed).toEqual({
      view: 'ready',
      invitee,
      reason: 'unknown',
      error: { key: INVITATION_ERROR_KEYS.unknown },
      processed: true,
    });
    expect(transition(roleFailed, { type: 'accept' })).toEqual({
      view: 'submitting',
      invitee,
      call: 'role',
    });
  });

  it("'Not now' logs out from the invitation, an error or the sign-in screen", () => {
    expect(transition(ready, { type: 'not_now' })).toEqual({ view: 'leaving' });
    expect(
      transition(
        { view: 'failed', reason: 'expired', error: { key: INVITATION_ERROR_KEYS.expired } },
        { type: 'not_now' },
      ),
    ).toEqual({
      view: 'leaving',
    });
    expect(transition({ view: 'signin_failed' }, { type: 'not_now' })).toEqual({
      view: 'leaving',
    });
    const submitting: InvitationState = { view: 'submitting', invitee, call: 'process' };
    expect(transition(submitting, { type: 'not_now' })).toBe(submitting);
  });
});

describe('business invitation helpers', () => {
  it('accepts plausible codes only', () => {
    expect(isPlausibleCode('inv-valid')).toBe(true);
    expect(isPlausibleCode('_')).toBe(false);
    expect(isPlausibleCode(undefined)).toBe(false);
    expect(isPlausibleCode('')).toBe(false);
    expect(isPlausibleCode('a b')).toBe(false);
    expect(isPlausibleCode('x'.repeat(257))).toBe(false);
  });

  it('classes user info failures', () => {
    expect(loadFailure(http(401))).toBe('unauthorized');
    expect(loadFailure(http(500))).toBe('server');
    expect(loadFailure({ kind: 'malformed' })).toBe('server');
    expect(loadFailure({ kind: 'timeout' })).toBe('timeout');
    expect(loadFailure({ kind: 'offline' })).toBe('offline');
    expect(loadFailure({ kind: 'network' })).toBe('network');
  });
});
