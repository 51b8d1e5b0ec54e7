import { describe, expect, it } from 'vitest';
import {
  AUTO_CODE_INTERVAL_MS,
  AUTO_CODES_KEY,
  createAutoCodes,
} from '../../../src/lib/auto-codes.ts';
import { memoryStorage } from '../stores/flows/wait-clock.ts';

describe('the codes this device sent by itself (L1)', () => {
  it('remembers a number for a minute, under a tag of a salt of its own, never the number', async () => {
    const storage = memoryStorage();
    const codes = createAutoCodes(() => storage);
    expect(await codes.lastSent('971500000002', 1_000_000)).toBeUndefined();
    await codes.markSent('971500000002', 1_000_000);
    expect(await codes.lastSent('971500000002', 1_030_000)).toBe(1_000_000);
    expect(await codes.lastSent('971500000020', 1_030_000)).toBeUndefined();
    expect(await codes.lastSent('971500000002', 1_000_000 + AUTO_CODE_INTERVAL_MS)).toBeUndefined();
    const saved = JSON.parse(storage.getItem(AUTO_CODES_KEY) ?? '{}') as {
      salt: string;
      sent: Record<string, number>;
    };
    expect(saved.salt).toMatch(/^[\w-]{20,}$/);
    expect(Object.keys(saved.sent)).toEqual([expect.stringMatching(/^[0-9a-f]{4}$/)]);
    expect(JSON.stringify(saved)).not.toContain('971500000002');
  });

  it('keeps only the last minute, and a time ahead of the clock limits nothing', async () => {
    const storage = memoryStorage();
    const codes = createAutoCodes(() => storage);
    await codes.markSent('971500000002', 1_000_000);
    await codes.markSent('971500000020', 1_000_000 + AUTO_CODE_INTERVAL_MS);
    const saved = JSON.parse(storage.getItem(AUTO_CODES_KEY) ?? '{}') as {
      sent: Record<string, number>;
    };
    expect(Object.values(saved.sent)).toEqual([1_000_000 + AUTO_CODE_INTERVAL_MS]);
    expect(await codes.lastSent('971500000020', 1_000_000)).toBeUndefined();
  });

  it('a malformed record is started afresh; without Web Crypto or storage nothing is kept', async () => {
    const storage = memoryStorage();
    storage.setItem(AUTO_CODES_KEY, '{"salt":1');
    const codes = createAutoCodes(() => storage);
    expect(await codes.lastSent('971500000002', 1_000_000)).toBeUndefined();
    await codes.markSent('971500000002', 1_000_000);
    expect(await codes.lastSent('971500000002', 1_000_001)).toBe(1_000_000);

    const bare = memoryStorage();
    const noCrypto = createAutoCodes(
      () => bare,
      () => undefined,
    );
    await noCrypto.markSent('971500000002', 1_000_000);
    expect(bare.getItem(AUTO_CODES_KEY)).toBeNull();
    expect(await noCrypto.lastSent('971500000002', 1_000_001)).toBeUndefined();
    const noStorage = createAutoCodes(() => undefined);
    await noStorage.markSent('971500000002', 1_000_000);
    expect(await noStorage.lastSent('971500000002', 1_000_001)).toBeUndefined();
  });
});
