import { describe, expect, it } from 'vitest';
import { collectDeviceRecord, deviceIdentity } from '../../../src/lib/device.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;

describe('device identity', () => {
  it('keeps the device id across visits and makes a session id per tab', () => {
    const local = memoryStorage();
    const first = deviceIdentity({ local, session: memoryStorage(), uuid });
    const second = deviceIdentity({ local, session: memoryStorage(), uuid });
    expect(second.deviceId).toBe(first.deviceId);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(first.fallback).toBe(false);
  });

  it('falls back to a random uuid, and says so, when storage is unavailable or broken', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(deviceIdentity({ local: broken, session: undefined, uuid }).fallback).toBe(true);
    expect(deviceIdentity({ local: undefined, session: undefined, uuid }).fallback).toBe(true);
  });

  it('replaces a stored value that is not a uuid', () => {
    const local = memoryStorage({ 'acct:device-id': '<script>' });
    expect(deviceIdentity({ local, session: undefined, uuid }).deviceId).toMatch(/^0{8}-/);
  });
});

describe('device record', () => {
  const identity = { deviceId: 'd', sessionId: 's', fallback: false };

  it('describes a plain browser with a full score', () => {
    const record = collectDeviceRecord(
      identity,
      { webdriver: false, userAgent: 'Mozilla/5.0 (Linux; Android 14)', languages: ['ar'] },
      () => 5,
    );
    expect(record).toMatchObject({ platform: 'web', sessionId: 's', shieldId: 'd', timestamp: 5 });
    expect(record.bot).toBe(false);
    expect(record.deviceScore).toBe(1);
  });

  it('flags an automated browser', () => {
    const record = collectDeviceRecord(identity, {
      webdriver: true,
      userAgent: 'HeadlessChrome/156',
      languages: [],
    });
    expect(record.bot).toBe(true);
    expect(record.browserSpoofed).toBe(true);
    expect(record.deviceScore).toBeLessThan(0.5);
  });
});
