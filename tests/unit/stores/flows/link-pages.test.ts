import { describe, expect, it } from 'vitest';
import { isUnexpected, noAnswer, supportCode } from '../../../../src/stores/flows/link-pages.ts';
import { http, malformed, network, offline, timeout } from './failures.ts';

describe('link-page failure helpers', () => {
  it('says which failures got no server answer, with the right message', () => {
    expect(noAnswer(timeout)).toEqual({ key: 'common:timeout' });
    expect(noAnswer(offline)).toEqual({ key: 'common:offline' });
    expect(noAnswer(network)).toEqual({ key: 'common:networkError' });
    expect(noAnswer(malformed)).toEqual({ key: 'common:networkError' });
    expect(noAnswer(http(500))).toBeUndefined();
  });

  it('quotes the support code, then the error code, then HTTP-{status}', () => {
    expect(supportCode(http(500, { support_code: 'SBX-1A2B', error_code: 'APP-0001' }))).toBe(
      'SBX-1A2B',
    );
    expect(supportCode(http(500, { error_code: 'APP-0001' }))).toBe('APP-0001');
    expect(supportCode(http(400, { errorCode: 'US-0099' }))).toBe('US-0099');
    expect(supportCode(http(503))).toBe('HTTP-503');
    expect(supportCode(timeout)).toBeUndefined();
  });

  it('never quotes a server value that is not a plain code', () => {
    expect(supportCode(http(500, { error_code: 'see https://x.example/?t=secret token' }))).toBe(
      'HTTP-500',
    );
    expect(supportCode(http(500, { error_code: '' }))).toBe('HTTP-500');
  });

  it('reports 5xx and unreadable answers only', () => {
    expect(isUnexpected(http(500))).toBe(true);
    expect(isUnexpected(http(502))).toBe(true);
    expect(isUnexpected(malformed)).toBe(true);
    expect(isUnexpected(http(400))).toBe(false);
    expect(isUnexpected(http(404))).toBe(false);
    expect(isUnexpected(timeout)).toBe(false);
    expect(isUnexpected(offline)).toBe(false);
  });
});
