/**
 * The identity API's calls that identify the device carry the device and session ids and the page
 * language from one place (identityApiCall), and their own headers on top.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailLogin, googleLogin, phoneLogin } from '../../../src/api/login.ts';
import { oneClickLogin } from '../../../src/api/one-click.ts';
import { sendOtp } from '../../../src/api/otp.ts';
import { fetchClient } from '../../../src/api/clients.ts';

const DEVICE = '00000000-0000-4000-8000-000000000001';
const SESSION = '00000000-0000-4000-8000-000000000002';

function memoryStorage(initial: Record<string, string>) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

let calls: Headers[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('localStorage', memoryStorage({ 'acct:device-id': DEVICE }));
  vi.stubGlobal('sessionStorage', memoryStorage({ 'acct:session-id': SESSION }));
  vi.stubGlobal('document', { documentElement: { lang: 'ar' } });
  vi.stubGlobal('fetch', (_input: unknown, init: RequestInit = {}) => {
    calls.push(new Headers(init.headers));
    return Promise.resolve(
      new Response(JSON.stringify({ token: 't', data: { id: 'v' }, auth_challenge: 'OTP' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
});
afterEach(() => vi.unstubAllGlobals());

const identity = (headers: Headers | undefined) => ({
  device: headers?.get('x-device-id'),
  session: headers?.get('x-session-id'),
  language: headers?.get('accept-language'),
});

describe('identity headers', () => {
  it('phone and e-mail logins: device, session, language and the page client id', async () => {
    await phoneLogin({ phone_number: '971500000011', password: 'x' }, { clientId: 'c1' });
    await emailLogin({ email: 'a@example.com', password: 'x' }, {});
    expect(identity(calls[0])).toEqual({
      device: DEVICE,
      session: SESSION,
      language: 'ar, en;q=0.5',
    });
    expect(calls[0]?.get('x-client-id')).toBe('c1');
    expect(calls[0]?.has('agent')).toBe(false);
    expect(identity(calls[1])).toEqual({
      device: DEVICE,
      session: SESSION,
      language: 'ar, en;q=0.5',
    });
    expect(calls[1]?.has('x-client-id')).toBe(false);
  });

  it('social logins add agent WEB and version 1', async () => {
    await googleLogin('id-token', { clientId: 'c1' });
    expect(identity(calls[0])).toEqual({
      device: DEVICE,
      session: SESSION,
      language: 'ar, en;q=0.5',
    });
    expect(calls[0]?.get('agent')).toBe('WEB');
    expect(calls[0]?.get('version')).toBe('1');
  });

  it('OTP and one-click calls carry them too, with their own headers', async () => {
    await sendOtp({
      identifier: '+971500000011',
      type: 'SMS',
      guard: { attempts: 3 },
      clientId: 'c2',
    });
    await oneClickLogin(
      { phone_number: '971500000011', guard: { attempts: 3 }, is_retry: false },
      {
        idempotencyKey: 'k-1',
      },
    );
    expect(identity(calls[0])).toEqual({
      device: DEVICE,
      session: SESSION,
      language: 'ar, en;q=0.5',
    });
    expect(calls[0]?.get('x-client-id')).toBe('c2');
    expect(identity(calls[1])).toEqual({
      device: DEVICE,
      session: SESSION,
      language: 'ar, en;q=0.5',
    });
    expect(calls[1]?.get('idempotency-key')).toBe('k-1');
  });

  it('calls that do not identify the device carry none of them', async () => {
    await fetchClient('sandbox-web');
    expect(calls[0]?.has('x-device-id')).toBe(false);
    expect(calls[0]?.has('x-session-id')).toBe(false);
    expect(calls[0]?.get('accept')).toBe('application/json');
  });
});
