/** A sandbox app with a controllable clock, and small request helpers for the route tests. */
import { createApp, type AppOptions } from '../../sandbox/app.ts';
import { createSandbox } from '../../sandbox/state.ts';

export const START = Date.parse('2030-01-01T08:00:00Z');

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

export function setup(options: Omit<AppOptions, 'sandbox' | 'now'> = {}) {
  let time = START;
  const sandbox = createSandbox({ now: () => time, randomCode: () => '654321' });
  const app = createApp({ ...options, sandbox, cookieSecret: 'test-secret' });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const res = await app.request(path, init);
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  const api = (path: string) => `/_be/identity-api${path}`;

  /** Sends and verifies an OTP; returns the verification id. */
  async function verifiedOtp(identifier: string, code = '123456'): Promise<string> {
    const sent = await call('POST', api('/otp/send'), {
      identifier,
      type: identifier.includes('@') ? 'EMAIL' : 'SMS',
    });
    if (sent.status !== 200) throw new Error(`send ${sent.status}`);
    const verified = await call('POST', api('/otp/verify'), { identifier, code });
    if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
    return verified.body.data.id as string;
  }

  return {
    app,
    sandbox,
    call,
    api,
    verifiedOtp,
    advance(ms: number) {
      time += ms;
    },
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body ?? {}, headers),
  };
}

export const phone = (nn: string) => `9715000000${nn}`;
