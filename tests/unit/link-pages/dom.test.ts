import { describe, expect, it } from 'vitest';
import { oneOf } from '../../../src/link-pages/dom.ts';

describe('oneOf', () => {
  it('keeps an allowed value and replaces anything else', () => {
    const actions = ['verify', 'unlink', 'expired'] as const;
    expect(oneOf('unlink', actions, 'expired')).toBe('unlink');
    expect(oneOf('delete', actions, 'expired')).toBe('expired');
    expect(oneOf(undefined, actions, 'expired')).toBe('expired');
  });
});
