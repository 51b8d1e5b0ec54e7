import { describe, expect, it, vi } from 'vitest';
import { blockedVariant } from '../../../src/api/error-catalogue.ts';
import { parseRetryAfter } from '../../../src/api/errors.ts';
import {
  isWaitFailure,
  spokenWait,
  TEMPORARY_BLOCK_MINUTES,
  waitOf,
  waitText,
} from '../../../src/api/waits.ts';
import { createWaitStore, WAITS_KEY } from '../../../src/lib/wait-store.ts';
import { http } from '../stores/flows/failures.ts';

const NOW = Date.parse('2026-01-01T00:00:00Z');

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('waits', () => {
  it('tells rate limits and locks from other failures', () => {
    expect(isWaitFailure(http(429))).toBe(true);
    expect(isWaitFailure(http(400, { error_code: 'APP-0020' }))).toBe(true);
    expect(isWaitFailure(http(400, { error_code: 'US-0150' }))).toBe(true);
    expect(isWaitFailure(http(400, { error_code: 'US-0013' }))).toBe(true);
    expect(isWaitFailure(http(400, { message: 'ERROR_RATE_LIMIT_REACHED_COUNTRY_DEVICE' }))).toBe(
      true,
    );
    expect(isWaitFailure(http(400, { error_code: 'US-0051' }))).toBe(false);
    expect(isWaitFailure(http(500))).toBe(false);
    expect(isWaitFailure({ kind: 'timeout' })).toBe(false);
  });

  it('reads Retry-After in seconds or as an HTTP date, then the body field', () => {
    const seconds = http(429, {}, parseRetryAfter('120'));
    expect(waitOf(seconds, NOW)).toEqual({ until: NOW + 120_000 });
    vi.useFakeTimers({ now: NOW });
    try {
      const date = http(429, {}, parseRetryAfter('Thu, 01 Jan 2026 00:30:00 GMT'));
      expect(waitOf(date, NOW)).toEqual({ until: Date.parse('2026-01-01T00:30:00Z') });
    } finally {
      vi.useRealTimers();
    }
    const body = http(400, {
      error_code: 'US-0013',
      additional_information: { retry_after: 1800 },
    });
    expect(waitOf(body, NOW)).toEqual({ until: NOW + 1_800_000 });
    const topLevel = http(429, { retry_after: 'Thu, 01 Jan 2026 00:02:00 GMT' });
    expect(waitOf(topLevel, NOW)).toEqual({ until: NOW + 120_000 });
    // The header wins over the body.
    expect(waitOf(http(429, { retry_after: 5 }, 10_000), NOW)).toEqual({ until: NOW + 10_000 });
  });

  it("a temporary block without a time waits the spec's 30 minutes from the answer; a time given wins", () => {
    const bare = http(400, { error: 'USER_TEMPORARILY_BLOCKED', error_code: 'US-0013' });
    expect(waitOf(bare, NOW)).toEqual({ until: NOW + TEMPORARY_BLOCK_MINUTES * 60_000 });
    expect(TEMPORARY_BLOCK_MINUTES).toBe(30);
    expect(waitOf(http(400, { error_code: 'US-0013' }, 90_000), NOW)).toEqual({
      until: NOW + 90_000,
    });
    const inBody = http(400, {
      error_code: 'US-0013',
      additional_information: { retry_after: 60 },
    });
    expect(waitOf(inBody, NOW)).toEqual({ until: NOW + 60_000 });
  });

  it('has no deadline when the server gave no time, and is no wait for other failures', () => {
    expect(waitOf(http(400, { error_code: 'US-0150' }), NOW)).toEqual({ until: undefined });
    expect(waitOf(http(429, { retry_after: 'soon' }), NOW)).toEqual({ until: undefined });
    expect(waitOf(http(400, { error_code: 'US-0051' }), NOW)).toBeUndefined();
  });

  it('says minutes from a minute on (rounded up), seconds below, and plainly when unknown', () => {
    expect(waitText(1800)).toEqual({ key: 'common:wait.minutes', params: { count: 30 } });
    expect(waitText(61)).toEqual({ key: 'common:wait.minutes', params: { count: 2 } });
    expect(waitText(60)).toEqual({ key: 'common:wait.minutes', params: { count: 1 } });
    expect(waitText(59)).toEqual({ key: 'common:wait.seconds', params: { count: 59 } });
    expect(waitText(1)).toEqual({ key: 'common:wait.seconds', params: { count: 1 } });
    expect(waitText(0)).toBeUndefined();
    expect(waitText(undefined)).toEqual({ key: 'common:wait.unknown' });
  });
});

describe('wait store', () => {
  it('keeps deadlines per scope until they pass', () => {
    const storage = memoryStorage();
    const waits = createWaitStore(() => storage);
    waits.write('otp:971500000015', NOW + 120_000, NOW);
    waits.write('login:971500000008', NOW + 1_800_000, NOW);
    expect(waits.read('otp:971500000015', NOW + 60_000)).toBe(NOW + 120_000);
    expect(waits.read('login:971500000008', NOW)).toBe(NOW + 1_800_000);
    expect(waits.read('otp:971500000015', NOW + 120_000)).toBeUndefined();
    waits.clear('login:971500000008', NOW);
    expect(waits.read('login:971500000008', NOW)).toBeUndefined();
  });

  it('drops a malformed value, a past deadline and one beyond a day', () => {
    const storage = memoryStorage({ [WAITS_KEY]: '{"otp:1": "soon"}' });
    const waits = createWaitStore(() => storage);
    expect(waits.read('otp:1', NOW)).toBeUndefined();
    expect(storage.data.has(WAITS_KEY)).toBe(false);
    waits.write('a', NOW - 1, NOW);
    expect(storage.data.has(WAITS_KEY)).toBe(false);
    waits.write('b', NOW + 10 * 24 * 3600_000, NOW);
    expect(waits.read('b', NOW)).toBe(NOW + 24 * 3600_000);
    storage.data.set(WAITS_KEY, 'not json');
    expect(waits.read('b', NOW)).toBeUndefined();
  });

  it('works without storage', () => {
    const waits = createWaitStore(() => undefined);
    waits.write('a', NOW + 1000, NOW);
    expect(waits.read('a', NOW)).toBeUndefined();
  });
});

describe('blocked variants', () => {
  it('reads the payment blocks from USER_BLOCKED and its block_reason', () => {
    const blocked = (reason?: string) =>
      http(400, {
        error: 'USER_BLOCKED',
        error_code: 'US-0068',
        ...(reason ? { additional_information: { block_reason: reason } } : {}),
      });
    expect(blockedVariant(blocked())).toBe('USER_BLOCKED');
    expect(blockedVariant(blocked('cash_trip_underpayment'))).toBe(
      'USER_BLOCKED_CASH_UNDERPAYMENT',
    );
    expect(blockedVariant(blocked('outstanding_payments'))).toBe(
      'USER_BLOCKED_OUTSTANDING_PAYMENTS',
    );
    expect(blockedVariant(blocked('something_new'))).toBe('USER_BLOCKED');
    expect(blockedVariant(http(400, { error_code: 'US-0089' }))).toBe('USER_BLOCKED_FOR_SIGNUP');
    expect(blockedVariant(http(400, { error_code: 'US-0013' }))).toBeUndefined();
  });
});

describe('spokenWait: what the live region says', () => {
  it('says whole minutes, the same all minute long, nothing new in the last seconds, then the end', () => {
    const wait = { until: NOW + 150_000 };
    expect(spokenWait(wait, 150)).toEqual({ key: 'common:wait.minutes', params: { count: 3 } });
    expect(spokenWait(wait, 121)).toEqual({ key: 'common:wait.minutes', params: { count: 3 } });
    expect(spokenWait(wait, 120)).toEqual({ key: 'common:wait.minutes', params: { count: 2 } });
    // The last minute's seconds tick on the screen only: the region keeps 'in 1 minute'.
    expect(spokenWait(wait, 59)).toEqual({ key: 'common:wait.minutes', params: { count: 1 } });
    expect(spokenWait(wait, 1)).toEqual({ key: 'common:wait.minutes', params: { count: 1 } });
    expect(spokenWait(wait, 0)).toEqual({ key: 'common:wait.over' });
  });

  it('says plainly that no time was given, and nothing without a wait', () => {
    expect(spokenWait({ until: undefined }, 0)).toEqual({ key: 'common:wait.unknown' });
    expect(spokenWait(undefined, 0)).toBeUndefined();
  });
});
