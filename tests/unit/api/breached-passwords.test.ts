import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/analytics.ts', () => ({
  pageAnalytics: { track: vi.fn(), page: vi.fn(), flush: vi.fn() },
}));

const { pageAnalytics } = await import('../../../src/api/analytics.ts');
const { BREACHED, breachProblem, checkBreached, rangeLists, sha1Hex } =
  await import('../../../src/api/breached-passwords.ts');

// SHA-1 of 'password', a published test vector.
const PASSWORD_SHA1 = '5BAA61E4C9B93F3F0682250B6CF8331B7EE68FD8';

/** A range service answering `body` with `status`; records the addresses asked for. */
function rangeService(body: string, status = 200) {
  const asked: string[] = [];
  const fetch = vi.fn((input: string) => {
    asked.push(input);
    return Promise.resolve(new Response(body, { status }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

afterEach(() => vi.clearAllMocks());

describe('sha1Hex', () => {
  it('hashes the UTF-8 bytes, in upper-case hex', async () => {
    expect(await sha1Hex('password')).toBe(PASSWORD_SHA1);
    // Non-ASCII letters are hashed as UTF-8, as the range service does.
    expect(await sha1Hex('كلمة')).toMatch(/^[0-9A-F]{40}$/);
  });
});

describe('rangeLists', () => {
  const suffix = PASSWORD_SHA1.slice(5);
  it('finds the suffix among SUFFIX:COUNT lines, whatever the case and line ends', () => {
    expect(rangeLists(`0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n${suffix}:3861493`, suffix)).toBe(
      true,
    );
    expect(rangeLists(`${suffix.toLowerCase()}:2\n`, suffix)).toBe(true);
  });
  it('does not count a padding line (count 0) or another suffix', () => {
    expect(rangeLists(`${suffix}:0`, suffix)).toBe(false);
    expect(rangeLists('0018A45C4D1DEF81644B54AB7F969B88D65:1', suffix)).toBe(false);
    expect(rangeLists('', suffix)).toBe(false);
  });
});

describe('checkBreached', () => {
  it('sends only the first 5 characters of the hash, and compares the rest here', async () => {
    const service = rangeService(`${PASSWORD_SHA1.slice(5)}:12`);
    expect(await checkBreached('password', service)).toBe('breached');
    expect(service.asked).toEqual(['/_be/identity-api/passwords/range/5BAA6']);
  });

  it('is clean when the range does not list it', async () => {
    expect(
      await checkBreached('password', rangeService('0018A45C4D1DEF81644B54AB7F969B88D65:1')),
    ).toBe('clean');
  });

  it('is unknown when the service fails or does not answer within the time', async () => {
    expect(await checkBreached('password', rangeService('', 503))).toBe('unknown');
    const never = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    ) as unknown as typeof fetch;
    const started = Date.now();
    expect(await checkBreached('password', { fetch: never, timeoutMs: 50 })).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('breachProblem', () => {
  it('says BREACHED for a breached password, and asks once per password', async () => {
    const check = vi.fn().mockResolvedValue('breached');
    expect(await breachProblem('Once-Breached1', check)).toBe(BREACHED);
    expect(await breachProblem('Once-Breached1', check)).toBe(BREACHED);
    expect(check).toHaveBeenCalledTimes(1);
    expect(BREACHED).toEqual({ key: 'fields:password.breached' });
  });

  it('lets the person go on when the service cannot say, tells analytics, and asks again next time', async () => {
    const check = vi.fn().mockResolvedValueOnce('unknown').mockResolvedValueOnce('clean');
    expect(await breachProblem('Twice-Asked1', check)).toBeUndefined();
    expect(pageAnalytics.track).toHaveBeenCalledWith('breach_check_unavailable');
    expect(await breachProblem('Twice-Asked1', check)).toBeUndefined();
    expect(check).toHaveBeenCalledTimes(2);
    expect(pageAnalytics.track).toHaveBeenCalledTimes(1);
  });
});
