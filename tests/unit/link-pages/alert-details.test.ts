import { describe, expect, it } from 'vitest';
import {
  alertDetails,
  formatAlertTime,
  recoveryQuery,
} from '../../../src/link-pages/alert-details.ts';

describe('alert details', () => {
  it('formats the time in the page language, or leaves it out', () => {
    const at = '2026-01-02T10:30:00Z';
    // The forms written out, not computed as the code does (the day and hour move with the
    // machine's time zone): medium date and short time; the 24-hour clock in French and Urdu.
    expect(formatAlertTime(at, 'en')).toMatch(/^Jan [1-3], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatAlertTime(at, 'fr-FR')).toMatch(/^[1-3] janv\. 2026, \d{2}:\d{2}$/);
    expect(formatAlertTime(at, 'ur-PK')).toMatch(/^[1-3] جنوری، 2026، \d{2}:\d{2}$/);
    expect(formatAlertTime(at, 'ar-AE')).not.toBe(formatAlertTime(at, 'en'));
    // Latin digits in every language, whatever the engine's default numbering system.
    expect(formatAlertTime(at, 'ar-EG')).not.toMatch(/[\u0660-\u0669]/);
    const words = { pattern: '{{day}} {{month}} {{year}}', months: Array(12).fill('مانگ') };
    expect(formatAlertTime(at, 'ckb-IQ', words)).toBe('2 مانگ 2026');
    expect(formatAlertTime(undefined, 'en')).toBeUndefined();
    expect(formatAlertTime('', 'en')).toBeUndefined();
    expect(formatAlertTime('not a date', 'en')).toBeUndefined();
  });

  it('lists when, device and location; absent ones are undefined', () => {
    expect(
      alertDetails({ operation: 'LOGIN', device: 'Chrome on macOS', location: 'Dubai' }, 'en'),
    ).toEqual({ when: undefined, device: 'Chrome on macOS', location: 'Dubai' });
    const all = alertDetails(
      { operation: 'PROFILE_UPDATE', at: '2026-01-02T10:30:00Z', device: 'd', location: 'l' },
      'fr-FR',
    );
    expect(all.when).toMatch(/2026/);
  });
});

describe('the next step after a report', () => {
  it('carries the alert’s client and mobile number to the recovery form', () => {
    expect(recoveryQuery({ client_id: 'sandbox-web', phone_number: '+971500000001' })).toBe(
      '?clientId=sandbox-web&phoneNumber=%2B971500000001',
    );
    expect(recoveryQuery({ phone_number: '971 50-000 0001' })).toBe('?phoneNumber=%2B971500000001');
    expect(recoveryQuery({ client_id: 'sandbox-web' })).toBe('?clientId=sandbox-web');
    expect(recoveryQuery({})).toBe('');
  });

  it('leaves out what is not a client id or a phone number', () => {
    expect(recoveryQuery({ client_id: 'a b/c', phone_number: 'javascript:alert(1)' })).toBe('');
    expect(recoveryQuery({ phone_number: '+0123' })).toBe('');
  });
});
