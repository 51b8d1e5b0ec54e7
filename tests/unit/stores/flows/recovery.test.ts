import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors.ts';
import {
  createRecoveryFlow,
  loginWithoutSocialPath,
  openState,
  readChallenges,
  readRecoveryParams,
  RECOVERY_SECRET_PARAMS,
  transition,
  type RecoveryDeps,
  type RecoveryState,
  type RecoverySession,
} from '../../../../src/stores/flows/recovery.ts';
import { http } from './failures.ts';

const session: RecoverySession = {
  clientId: 'sandbox-web',
  phoneNumber: '+971500000001',
  otp: '123456',
};
const hint = { maskedFullName: 'L*** H*****', dir: 'ltr' as const };
const challenge: RecoveryState = {
  view: 'challenge',
  session,
  hint,
  answer: 'Layla Haddad',
};
const submitting: RecoveryState = { view: 'submitting', session, hint, answer: 'Layla Haddad' };
const FULL_NAME_ANSWER = {
  challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', hint: { ...hint } }],
};

describe('openState', () => {
  it('shows the session-expired screen without any recovery parameter', () => {
    expect(openState({})).toEqual({ view: 'no_session' });
    expect(openState({ phoneNumber: ' ', otp: '' })).toEqual({ view: 'no_session' });
  });

  it('goes to login without social buttons when a client id comes without a phone number', () => {
    expect(openState({ clientId: 'sandbox-web' })).toEqual({
      view: 'redirect',
      path: '/login?clientId=sandbox-web&showApple=false&showGoogle=false',
    });
    expect(openState({ clientId: 'sandbox-web', csrf: 'c-1' })).toEqual({
      view: 'redirect',
      path: '/login?csrf=c-1&clientId=sandbox-web&showApple=false&showGoogle=false',
    });
    expect(openState({ csrf: 'c-1' })).toEqual({
      view: 'redirect',
      path: '/login?csrf=c-1&showApple=false&showGoogle=false',
    });
  });

  it('an e-mail without a phone number opens the login on its e-mail form', () => {
    expect(openState({ clientId: 'c', otp: '1', email: 'layla@example.com' })).toEqual({
      view: 'redirect',
      path: '/login?clientId=c&showApple=false&showGoogle=false&showEmail=true',
    });
    // Something that is not an e-mail address opens the usual phone form.
    expect(openState({ clientId: 'c', email: 'layla' })).toEqual({
      view: 'redirect',
      path: '/login?clientId=c&showApple=false&showGoogle=false',
    });
  });

  it('with a phone number the e-mail goes nowhere: the recovery calls do not carry it', () => {
    expect(openState({ ...session, email: 'layla@example.com' })).toEqual({
      view: 'loading',
      session,
    });
  });

  it('goes to login without social buttons when a code comes without a phone number', () => {
    expect(openState({ otp: '123456', clientId: 'sandbox-web', csrf: 'c-1' })).toEqual({
      view: 'redirect',
      path: '/login?csrf=c-1&clientId=sandbox-web&showApple=false&showGoogle=false',
    });
    expect(openState({ verificationId: 'v1' })).toEqual({
      view: 'redirect',
      path: '/login?showApple=false&showGoogle=false',
    });
  });

  it('goes to /session_unknown when the client id or the code is missing', () => {
    expect(openState({ phoneNumber: '+971500000001', otp: '1' })).toEqual({
      view: 'redirect',
      path: '/session_unknown',
    });
    expect(openState({ phoneNumber: '+971500000001', clientId: 'sandbox-web' })).toEqual({
      view: 'redirect',
      path: '/session_unknown',
    });
  });

  it('loads with the code or the verification id (both when both are given)', () => {
    expect(openState({ ...session })).toEqual({ view: 'loading', session });
    expect(
      openState({ clientId: ' sandbox-web ', phoneNumber: '+971500000001', verificationId: 'v1' }),
    ).toEqual({
      view: 'loading',
      session: { clientId: 'sandbox-web', phoneNumber: '+971500000001', verificationId: 'v1' },
    });
    expect(openState({ ...session, verificationId: 'v1' })).toEqual({
      view: 'loading',
      session: { ...session, verificationId: 'v1' },
    });
  });
});

describe('readRecoveryParams', () => {
  it('reads the e-mail with the other parameters, all of which leave the address', () => {
    const query = new URLSearchParams(
      'otp=1&clientId=c&phoneNumber=%2B971500000001&email=layla%40example.com&csrf=x&lang=ar',
    );
    expect(readRecoveryParams(query)).toEqual({
      clientId: 'c',
      otp: '1',
      phoneNumber: '+971500000001',
      email: 'layla@example.com',
      csrf: 'x',
    });
    expect([...RECOVERY_SECRET_PARAMS].sort()).toEqual(
      ['csrf', 'email', 'otp', 'phoneNumber', 'verificationId'].sort(),
    );
  });
});

describe('loginWithoutSocialPath', () => {
  it('encodes the values', () => {
    expect(loginWithoutSocialPath({ clientId: 'a b', csrf: 'x&y' })).toBe(
      '/login?csrf=x%26y&clientId=a+b&showApple=false&showGoogle=false',
    );
  });
});

describe('readChallenges', () => {
  it('reads the full-name hint and its direction', () => {
    expect(readChallenges(FULL_NAME_ANSWER)).toEqual(hint);
    expect(
      readChallenges({
        challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', hint: { dir: 'rtl' } }],
      }),
    ).toEqual({ maskedFullName: '', dir: 'rtl' });
  });

  it('tolerates a missing or odd hint', () => {
    expect(
      readChallenges({ challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE' }] }),
    ).toEqual({ maskedFullName: '', dir: undefined });
    expect(
      readChallenges({
        challenges: [
          null,
          { challengeIdentifier: 'FULL_NAME_CHALLENGE', hint: { maskedFullName: 3, dir: 'up' } },
        ],
      }),
    ).toEqual({ maskedFullName: '', dir: undefined });
  });

  it('finds the full-name challenge among others', () => {
    expect(
      readChallenges({
        challenges: [
          { challengeIdentifier: 'NATIONAL_ID_CHALLENGE' },
          FULL_NAME_ANSWER.challenges[0],
        ],
      }),
    ).toEqual(hint);
  });

  it('answers other for another challenge type or none', () => {
    expect(readChallenges({ challenges: [{ challengeIdentifier: 'NATIONAL_ID_CHALLENGE' }] })).toBe(
      'other',
    );
    expect(readChallenges({ challenges: [{ challengeIdentifier: 'PIN_CHALLENGE' }] })).toBe(
      'other',
    );
    expect(readChallenges({ challenges: [] })).toBe('other');
  });

  it('answers undefined for a malformed answer', () => {
    expect(readChallenges(undefined)).toBeUndefined();
    expect(readChallenges('x')).toBeUndefined();
    expect(readChallenges({ challenges: 'x' })).toBeUndefined();
  });
});

describe('transition', () => {
  it('opens only once, from idle', () => {
    expect(transition({ view: 'idle' }, { type: 'opened', params: {} })).toEqual({
      view: 'no_session',
    });
    expect(transition(challenge, { type: 'opened', params: {} })).toBe(challenge);
  });

  it('shows the challenge when the answer has a full-name challenge', () => {
    expect(
      transition(
        { view: 'loading', session },
        { type: 'challengesLoaded', answer: FULL_NAME_ANSWER },
      ),
    ).toEqual({ view: 'challenge', session, hint, answer: '' });
  });

  it('says not configured for another challenge type', () => {
    expect(
      transition(
        { view: 'loading', session },
        { type: 'challengesLoaded', answer: { challenges: [{ challengeIdentifier: 'X' }] } },
      ),
    ).toEqual({ view: 'not_configured' });
  });

  it('goes to /session_unknown for a malformed answer or a rejected fetch', () => {
    const loading: RecoveryState = { view: 'loading', session };
    const unknown = { view: 'redirect', path: '/session_unknown' };
    expect(transition(loading, { type: 'challengesLoaded', answer: null })).toEqual(unknown);
    expect(
      transition(loading, { type: 'challengesFailed', failure: http(400, 'INVALID_OTP') }),
    ).toEqual(unknown);
    expect(transition(loading, { type: 'challengesFailed', failure: http(404) })).toEqual(unknown);
    expect(transition(loading, { type: 'challengesFailed', failure: http(500) })).toEqual(unknown);
    expect(
      transition(loading, { type: 'challengesFailed', failure: { kind: 'malformed' } }),
    ).toEqual(unknown);
  });

  it('offers a retry when the fetch never reached the server', () => {
    const loading: RecoveryState = { view: 'loading', session };
    for (const kind of ['timeout', 'offline', 'network'] as const) {
      const state = transition(loading, { type: 'challengesFailed', failure: { kind } });
      expect(state.view).toBe('unreachable');
      expect(transition(state, { type: 'retried' })).toEqual(loading);
    }
    expect(
      transition(loading, { type: 'challengesFailed', failure: { kind: 'timeout' } }),
    ).toMatchObject({ error: { key: 'common:timeout' } });
  });

  it('ignores fetch answers outside loading, and retries outside unreachable', () => {
    expect(transition(challenge, { type: 'challengesLoaded', answer: FULL_NAME_ANSWER })).toBe(
      challenge,
    );
    expect(transition(challenge, { type: 'challengesFailed', failure: http(500) })).toBe(challenge);
    expect(transition(challenge, { type: 'retried' })).toBe(challenge);
  });

  it('edits the answer and clears the required flag or the error', () => {
    const required = {
      ...challenge,
      answer: '',
      fieldError: { key: 'recovery:challenge.required' },
    } as RecoveryState;
    expect(transition(required, { type: 'answerChanged', answer: 'L' })).toEqual({
      ...challenge,
      answer: 'L',
    });
    const error: RecoveryState = {
      view: 'error',
      session,
      hint,
      answer: 'Wrong',
      error: { key: 'error:default' },
    };
    expect(transition(error, { type: 'answerChanged', answer: 'Right' })).toEqual({
      ...challenge,
      answer: 'Right',
    });
    expect(transition(submitting, { type: 'answerChanged', answer: 'x' })).toBe(submitting);
  });

  it('refuses an empty answer, then submits a filled one', () => {
    expect(transition({ ...challenge, answer: '  ' }, { type: 'submitted' })).toEqual({
      ...challenge,
      answer: '  ',
      fieldError: { key: 'recovery:challenge.required' },
    });
    expect(transition(challenge, { type: 'submitted' })).toEqual(submitting);
    expect(transition(submitting, { type: 'submitted' })).toBe(submitting);
  });

  it('submits again from the error state', () => {
    const error: RecoveryState = {
      view: 'error',
      session,
      hint,
      answer: 'Layla Haddad',
      error: { key: 'error:default' },
    };
    expect(transition(error, { type: 'submitted' })).toEqual(submitting);
  });

  it('shows link sent on success', () => {
    expect(transition(submitting, { type: 'linkSent' })).toEqual({ view: 'link_sent' });
    expect(transition(challenge, { type: 'linkSent' })).toBe(challenge);
  });

  it('shows INVALID_FULL_NAME at the field, other errors above the form', () => {
    expect(
      transition(submitting, { type: 'submitFailed', failure: http(400, 'INVALID_FULL_NAME') }),
    ).toEqual({
      view: 'error',
      session,
      hint,
      answer: 'Layla Haddad',
      fieldError: { dynamic: 'error:INVALID_FULL_NAME', fallback: 'error:default' },
    });
    const otp = transition(submitting, { type: 'submitFailed', failure: http(400, 'INVALID_OTP') });
    expect(otp).toMatchObject({ error: { dynamic: 'error:INVALID_OTP' } });
    expect(otp).not.toHaveProperty('fieldError');
    const server = transition(submitting, { type: 'submitFailed', failure: http(500) });
    expect(server).toMatchObject({ error: { key: 'error:default' } });
    expect(server).not.toHaveProperty('fieldError');
    expect(transition(challenge, { type: 'submitFailed', failure: http(500) })).toBe(challenge);
  });
});

function fakeDeps(overrides: Partial<RecoveryDeps> = {}) {
  return {
    fetchChallenges: vi.fn<RecoveryDeps['fetchChallenges']>().mockResolvedValue(FULL_NAME_ANSWER),
    sendNotification: vi.fn<RecoveryDeps['sendNotification']>().mockResolvedValue(undefined),
    go: vi.fn<RecoveryDeps['go']>(),
    track: vi.fn<NonNullable<RecoveryDeps['track']>>(),
    ...overrides,
  };
}

describe('createRecoveryFlow', () => {
  it('fetches the challenges, submits the trimmed answer and shows link sent', async () => {
    const deps = fakeDeps();
    const flow = createRecoveryFlow(deps);
    await flow.open({ ...session });
    expect(deps.fetchChallenges).toHaveBeenCalledWith('sandbox-web', {
      phoneNumber: '+971500000001',
      otp: '123456',
    });
    expect(flow.$state.get()).toMatchObject({ view: 'challenge', hint });
    expect(deps.track).toHaveBeenCalledWith('page');
    flow.setAnswer('  Layla Haddad ');
    await flow.submit();
    expect(deps.sendNotification).toHaveBeenCalledWith('sandbox-web', {
      phoneNumber: '+971500000001',
      otp: '123456',
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla Haddad' }],
    });
    expect(flow.$state.get()).toEqual({ view: 'link_sent' });
    expect(deps.track).toHaveBeenLastCalledWith('link_sent');
    flow.destroy();
  });

  it('sends the verification id when the link carries one', async () => {
    const deps = fakeDeps();
    const flow = createRecoveryFlow(deps);
    await flow.open({ clientId: 'c', phoneNumber: '+971500000001', verificationId: 'v1' });
    expect(deps.fetchChallenges).toHaveBeenCalledWith('c', {
      phoneNumber: '+971500000001',
      verificationId: 'v1',
    });
    flow.setAnswer('Layla');
    await flow.submit();
    expect(deps.sendNotification).toHaveBeenCalledWith('c', {
      phoneNumber: '+971500000001',
      verificationId: 'v1',
      challenges: [{ challengeIdentifier: 'FULL_NAME_CHALLENGE', challengeAnswer: 'Layla' }],
    });
  });

  it('navigates away for a redirect state, and does not fetch', async () => {
    const deps = fakeDeps();
    const flow = createRecoveryFlow(deps);
    await flow.open({ otp: '1', clientId: 'c' });
    expect(deps.go).toHaveBeenCalledWith('/login?clientId=c&showApple=false&showGoogle=false');
    expect(deps.fetchChallenges).not.toHaveBeenCalled();
  });

  it('goes to /session_unknown when the fetch is rejected', async () => {
    const deps = fakeDeps({
      fetchChallenges: vi.fn().mockRejectedValue(new ApiError(http(400, 'INVALID_OTP'))),
    });
    const flow = createRecoveryFlow(deps);
    await flow.open({ ...session });
    expect(deps.go).toHaveBeenCalledWith('/session_unknown');
  });

  it('retries a fetch that did not reach the server', async () => {
    const fetchChallenges = vi
      .fn<RecoveryDeps['fetchChallenges']>()
      .mockRejectedValueOnce(new ApiError({ kind: 'offline' }))
      .mockResolvedValueOnce(FULL_NAME_ANSWER);
    const flow = createRecoveryFlow(fakeDeps({ fetchChallenges }));
    await flow.open({ ...session });
    expect(flow.$state.get().view).toBe('unreachable');
    await flow.retry();
    expect(flow.$state.get().view).toBe('challenge');
  });

  it('does not call the server for an empty answer, and keeps the answer on failure', async () => {
    const deps = fakeDeps({
      sendNotification: vi.fn().mockRejectedValue(new ApiError(http(400, 'INVALID_FULL_NAME'))),
    });
    const flow = createRecoveryFlow(deps);
    await flow.open({ ...session });
    await flow.submit();
    expect(deps.sendNotification).not.toHaveBeenCalled();
    expect(flow.$state.get()).toMatchObject({
      view: 'challenge',
      fieldError: { key: 'recovery:challenge.required' },
    });
    flow.setAnswer('Wrong Name');
    await flow.submit();
    expect(flow.$state.get()).toMatchObject({
      view: 'error',
      answer: 'Wrong Name',
      fieldError: expect.anything(),
    });
  });
});
