import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../sandbox/app.ts';
import { phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('bad input answers 400 in the error shape, never a crash', () => {
  it.each([
    ['/login/phone', {}],
    ['/login/phone', { phone_number: 971500000001 }],
    ['/login/phone', { phone_number: phone('01'), name_confirmed: 'yes' }],
    ['/login/email', { password: 'x' }],
    ['/login/apple', { device_id: 'd' }],
    ['/login/google', { id_token: 42 }],
    ['/otp/send', { identifier: phone('02'), type: 'FAX' }],
    ['/otp/send', { identifier: phone('02'), type: 'SMS', guard: { attempts: 'three' } }],
    ['/otp/verify', { identifier: phone('02') }],
    ['/one-click/login', { phone_number: phone('11') }],
    [
      '/recovery/notification/sandbox-web',
      { phoneNumber: phone('01'), otp: '123456', challenges: [] },
    ],
  ])('POST %s %j', async (path, body) => {
    const answer = await t.post(t.api(path), body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.error_description).toBeTypeOf('string');
  });

  it('a body that is not JSON, an array, or null', async () => {
    for (const body of ['{not json', '[]', 'null', '"text"']) {
      const answer = await t.post(t.api('/login/phone'), body);
      expect(answer.status, body).toBe(400);
      expect(answer.body.error).toBe('invalid_request');
    }
  });

  it('error descriptions name the field, not the value sent', async () => {
    const answer = await t.post(t.api('/login/phone'), {
      phone_number: phone('01'),
      password: 12345,
    });
    expect(answer.body.error_description).toContain('password');
    expect(answer.body.error_description).not.toContain('12345');
  });

  it('huge bodies answer 413', async () => {
    const huge = JSON.stringify({
      phone_number: phone('01'),
      password: 'x'.repeat(MAX_BODY_BYTES),
    });
    const answer = await t.post(t.api('/login/phone'), huge);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe('payload_too_large');
    const events = await t.post('/_be/analytics/v3/publish-event', huge);
    expect(events.status).toBe(413);
  });

  it('over-long fields answer 400', async () => {
    const answer = await t.post(t.api('/login/phone'), {
      phone_number: phone('01'),
      password: 'x'.repeat(300),
    });
    expect(answer.status).toBe(400);
  });

  it('unknown ids answer 404 or 400 in the error shape', async () => {
    expect((await t.get(t.api('/login/approve-request/apr_nope/verify'))).status).toBe(404);
    expect((await t.post(t.api('/login/approve-request/apr_nope/proof'), {})).status).toBe(404);
    expect((await t.get(t.api('/alerts/unknown'))).body.error).toBe('not_found');
  });

  it('unknown back-end and control routes answer 404 JSON', async () => {
    for (const path of ['/_be/identity-api/nope', '/_be/unknown/x', '/_sandbox/nope']) {
      const answer = await t.get(path);
      expect(answer.status).toBe(404);
      expect(answer.body.error_description).toBe('No such sandbox route');
    }
    expect((await t.call('DELETE', t.api('/login/phone'))).status).toBe(404);
  });

  it('an unexpected exception answers 500 APP-0001 and is logged without values', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    t.sandbox.state.users = undefined as never;
    const answer = await t.post(t.api('/login/phone'), {
      phone_number: phone('01'),
      password: 'Sandbox-Pass1',
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      error: 'internal_error',
      error_code: 'APP-0001',
      message: 'INTERNAL_SERVER_ERROR',
    });
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toContain('POST /_be/identity-api/login/phone');
    expect(line).not.toContain('Sandbox-Pass1');
    expect(line).not.toContain('971500000001');
  });

  it('a route with a token in the path logs the pattern, not the token', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    t.sandbox.state.profileTokens = undefined as never;
    const answer = await t.post(t.api('/partner/users/profile/confirm/secret-token-value'));
    expect(answer.status).toBe(500);
    expect(String(log.mock.calls[0]?.[0])).not.toContain('secret-token-value');
  });
});
