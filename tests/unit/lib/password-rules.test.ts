import { describe, expect, it } from 'vitest';
import {
  failedResetRules,
  meetsResetRules,
  RESET_MIN_LENGTH,
  RESET_RULES,
} from '../../../src/lib/password-rules.ts';

describe('reset password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(failedResetRules('Sandbox-Pass1')).toEqual([]);
    expect(meetsResetRules('Abcdefg1')).toBe(true);
  });

  it('breaks every rule but the spaces one for an empty password', () => {
    expect(failedResetRules('')).toEqual(['minLength', 'lowercase', 'uppercase', 'digit']);
  });

  it('needs at least 8 characters, counting characters not code units', () => {
    expect(RESET_MIN_LENGTH).toBe(8);
    expect(failedResetRules('Abcdef1')).toEqual(['minLength']);
    expect(failedResetRules('Abcdefg1')).toEqual([]);
    // Six letters, a digit and one emoji (two UTF-16 code units) are 8 characters.
    expect(failedResetRules('Abcde1😀')).toEqual(['minLength']);
    expect(failedResetRules('Abcdef1😀')).toEqual([]);
  });

  it('needs a lowercase letter', () => {
    expect(failedResetRules('ABCDEFG1')).toEqual(['lowercase']);
  });

  it('needs an uppercase letter', () => {
    expect(failedResetRules('abcdefg1')).toEqual(['uppercase']);
  });

  it('needs a digit', () => {
    expect(failedResetRules('Abcdefgh')).toEqual(['digit']);
  });

  it('refuses spaces of any kind', () => {
    expect(failedResetRules('Abcd efg1')).toEqual(['noSpaces']);
    expect(failedResetRules('Abcdefg1\t')).toEqual(['noSpaces']);
    expect(failedResetRules('Abcd\u00a0efg1')).toEqual(['noSpaces']);
  });

  it('counts letters and digits of any script', () => {
    expect(failedResetRules('Éabcdef١')).toEqual([]);
    expect(failedResetRules('éABCDEF۳')).toEqual([]);
  });

  it('reports several broken rules in display order', () => {
    expect(failedResetRules('a b')).toEqual(['minLength', 'uppercase', 'digit', 'noSpaces']);
    expect(RESET_RULES).toEqual(['minLength', 'lowercase', 'uppercase', 'digit', 'noSpaces']);
  });
});
