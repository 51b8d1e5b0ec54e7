import { describe, expect, it } from 'vitest';
import { transportMessage } from '../../../src/api/error-catalogue.ts';
import type { ApiFailure } from '../../../src/api/errors.ts';
import { createT } from '../../../src/i18n/t.ts';
import {
  sentence,
  textAttribute,
  textOf,
  transportTexts,
  TRANSPORT_KEYS,
} from '../../../src/link-pages/text.ts';

const t = createT('en', {
  common: {
    timeout: 'Too slow.',
    offline: 'Offline.',
    networkError: 'No server.',
    supportCode: 'Support code: {{code}}',
  },
  links: { openAppHint: 'Open {{product}} on your phone.' },
});

/** A page root: just the attributes the build writes. */
function root(attributes: Record<string, string>): Element {
  return { getAttribute: (name: string) => attributes[name] ?? null } as unknown as Element;
}

describe('link-page texts', () => {
  it('names one data- attribute per key', () => {
    expect(textAttribute('common:networkError')).toBe('data-text-common-networkerror');
    expect(textAttribute('common:timeout')).toBe('data-text-common-timeout');
    expect(new Set(TRANSPORT_KEYS.map(textAttribute)).size).toBe(TRANSPORT_KEYS.length);
  });

  it('carries every message a failed call can show, translated at build time', () => {
    const attributes = transportTexts(t);
    const page = root(attributes);
    const failures: ApiFailure[] = [
      { kind: 'timeout' },
      { kind: 'offline' },
      { kind: 'network' },
      { kind: 'malformed' },
    ];
    for (const failure of failures) {
      const message = transportMessage(failure);
      expect(message).toBeDefined();
      if (message) expect(textOf(page, message)).toBe(t.text(message));
    }
    expect(Object.values(attributes)).toEqual(['Too slow.', 'Offline.', 'No server.']);
  });

  it("shows a server text's fallback, and falls back to the network message", () => {
    const page = root(transportTexts(t));
    expect(textOf(page, { text: 'Server says no', fallback: 'common:timeout' })).toBe('Too slow.');
    expect(textOf(page, { key: 'common:retry' })).toBe('No server.');
    expect(textOf(root({}), { key: 'common:timeout' })).toBe('');
  });

  it('splits a sentence around its placeholder, wherever the language puts it', () => {
    expect(sentence(t, 'common:supportCode', 'code')).toEqual(['Support code: ', '']);
    expect(sentence(t, 'links:openAppHint', 'product')).toEqual(['Open ', ' on your phone.']);
    const ur = createT('ur', { links: { openAppHint: 'اپنے فون پر {{product}}، شکریہ' } });
    expect(sentence(ur, 'links:openAppHint', 'product')).toEqual(['اپنے فون پر ', '، شکریہ']);
  });
});
