import { describe, expect, it, vi } from 'vitest';
import {
  BATCH_INTERVAL_MS,
  createAnalytics,
  FLOW_NAMES,
  PAGE_NAMES,
  scrubProperties,
} from '../../../src/lib/analytics.ts';
import type { PublishEventBody } from '../../../src/contract/shell.ts';

function setup() {
  vi.useFakeTimers();
  const sent: PublishEventBody[] = [];
  const beaconed: PublishEventBody[] = [];
  const analytics = createAnalytics({
    session: () => ({
      session_id: 's',
      device_id: 'd',
      platform: 'web',
      locale: 'ar',
      client_version: '1',
    }),
    send: (body) => {
      sent.push(body);
      return Promise.resolve();
    },
    beacon: (body) => {
      beaconed.push(body);
      return true;
    },
    now: () => new Date('2026-01-01T00:00:00Z'),
  });
  return { analytics, sent, beaconed };
}

describe('analytics', () => {
  it('names the pages and flows of the spec', () => {
    expect(PAGE_NAMES).toContain('welcome_back_isityou');
    expect(PAGE_NAMES).toContain('verify_full_name');
    expect(PAGE_NAMES).toHaveLength(12);
    expect(FLOW_NAMES).toEqual([
      'apple',
      'biometric',
      'email',
      'google',
      'guest',
      'one_click',
      'phone',
    ]);
  });

  it('sends a batch as soon as 10 events are queued', () => {
    const { analytics, sent } = setup();
    for (let i = 0; i < 9; i += 1) analytics.track(`e${i}`);
    expect(sent).toHaveLength(0);
    analytics.track('e9', { page: 'welcome', flow: 'phone' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events).toHaveLength(10);
    expect(sent[0]?.events[9]).toEqual({
      name: 'e9',
      page: 'welcome',
      flow: 'phone',
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(sent[0]?.session.locale).toBe('ar');
  });

  it('sends what is queued after 10 seconds', () => {
    const { analytics, sent } = setup();
    analytics.page('otp_verify', 'phone');
    vi.advanceTimersByTime(BATCH_INTERVAL_MS - 1);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.events[0]).toMatchObject({
      name: 'page_view',
      page: 'otp_verify',
      flow: 'phone',
    });
  });

  it('flushes on demand and hands the rest to a beacon when the page goes away', async () => {
    const { analytics, sent, beaconed } = setup();
    analytics.track('a');
    await analytics.flush();
    expect(sent).toHaveLength(1);
    await analytics.flush();
    expect(sent).toHaveLength(1);
    analytics.track('b');
    analytics.flushOnExit();
    expect(beaconed).toHaveLength(1);
    expect(analytics.pending()).toBe(0);
    vi.advanceTimersByTime(BATCH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });

  it('never throws when the analytics back end fails', async () => {
    const analytics = createAnalytics({
      session: () => ({
        session_id: 's',
        device_id: 'd',
        platform: 'web',
        locale: 'en',
        client_version: '1',
      }),
      send: () => Promise.reject(new Error('down')),
      beacon: () => false,
    });
    analytics.track('x');
    await expect(analytics.flush()).resolves.toBeUndefined();
  });

  it('drops secret properties and redacts personal data in values', () => {
    expect(
      scrubProperties({
        password: 'x',
        otpCode: '123456',
        phoneNumber: '+971500000001',
        view: 'otp',
        note: 'call +971 50 000 0001 or mail a@b.co',
        attempts: 2,
      }),
    ).toEqual({ view: 'otp', note: 'call [number] or mail [email]', attempts: 2 });
  });
});
