import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, normalizeDigits } from '../../../src/lib/digits.ts';
import {
  cleanPhoneInput,
  countryOptions,
  dialCode,
  loadPhoneRules,
  phoneRules,
  presetField,
} from '../../../src/lib/phone.ts';
import { loadRegionNames } from '../../../src/lib/region-names.ts';
import { e164, likelyCountry, phoneFromPreset, toPhone } from '../../../src/lib/phone-rules.ts';

const rules = await loadPhoneRules();

describe('digits', () => {
  it('reads Eastern Arabic and Persian digits as ASCII', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(digitsOnly('١٢-٣ 4', 3)).toBe('123');
  });
});

describe('phone', () => {
  it('normalises a national UAE mobile to international digits', () => {
    expect(toPhone('50 000 0001', 'AE')).toEqual({
      countryCode: 'AE',
      fullPhoneNumber: '971500000001',
      isValid: true,
      nationalPhoneNumber: '500000001',
    });
    expect(toPhone('050-000-0001', 'AE').fullPhoneNumber).toBe('971500000001');
  });

  it('accepts Eastern Arabic and Persian digits', () => {
    expect(toPhone('٥٠ ٠٠٠ ٠٠٠١', 'AE').fullPhoneNumber).toBe('971500000001');
    expect(toPhone('۵۰۰۰۰۰۰۰۱', 'AE').isValid).toBe(true);
  });

  it('lets a pasted international number pick its country', () => {
    expect(toPhone('+20 100 123 4567', 'AE')).toMatchObject({
      countryCode: 'EG',
      isValid: true,
    });
    expect(toPhone('00923001234567', 'AE')).toMatchObject({
      countryCode: 'PK',
      isValid: true,
    });
  });

  it('rejects numbers that are not mobiles of the country', () => {
    expect(toPhone('4 123 4567', 'AE').isValid).toBe(false);
    expect(toPhone('123', 'AE').isValid).toBe(false);
    expect(toPhone('', 'AE').isValid).toBe(false);
  });

  it('reads the fullMobileNumber preset', () => {
    expect(phoneFromPreset('971500000002')?.nationalPhoneNumber).toBe('500000002');
    expect(phoneFromPreset('+971500000002')?.countryCode).toBe('AE');
    expect(phoneFromPreset('<script>')).toBeUndefined();
    expect(e164({ fullPhoneNumber: '971500000002' })).toBe('+971500000002');
  });

  it('lists the preferred countries first, then the rest in the order of their names', async () => {
    const names = await loadRegionNames('ar');
    const options = countryOptions(names);
    const preferred = ['AE', 'EG', 'PK', 'SA'];
    expect(options.slice(0, 4)).toEqual(preferred);
    expect(options.length).toBeGreaterThan(200);
    expect(new Set(options).size).toBe(options.length);
    expect(options.slice(4)).toEqual([...names.keys()].filter((code) => !preferred.includes(code)));
    // Until the names are here: the preferred countries.
    expect(countryOptions(undefined)).toEqual(preferred);
    expect(phoneRules()).toBe(rules);
  });

  it('knows the preferred countries’ dial codes before the rules, and every one after', () => {
    expect(dialCode('SA', undefined)).toBe('966');
    expect(dialCode('FR', undefined)).toBe('');
    expect(dialCode('FR', rules)).toBe('33');
  });

  it('never throws and always yields digits only, for any input (1,000 cases)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('AE', 'EG', 'PK', 'SA', 'FR'),
        (input, country) => {
          const phone = toPhone(input, country);
          expect(phone.fullPhoneNumber).toMatch(/^\d*$/);
          expect(cleanPhoneInput(input)).toMatch(/^\+?\d*$/);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('a number the address carries, as the phone field', () => {
  it('takes a preferred country’s dial code off', () => {
    expect(presetField('+971500000001')).toEqual({ country: 'AE', phoneInput: '500000001' });
    expect(presetField('966501234567')).toEqual({ country: 'SA', phoneInput: '501234567' });
    expect(presetField('+923001234567')).toEqual({ country: 'PK', phoneInput: '3001234567' });
  });

  it('keeps another country’s number international, and ignores what is not a number', () => {
    expect(presetField('+447700900123')).toEqual({ country: 'AE', phoneInput: '+447700900123' });
    expect(presetField('abc')).toBeUndefined();
    expect(presetField(null)).toBeUndefined();
  });
});

describe("'Did you mean +971?': the one market where a national number is valid", () => {
  it('offers the one market where the number typed in another country is valid', () => {
    // A UAE number typed on +1 (a phone in English (United States)).
    expect(likelyCountry('52 123 4567', 'US')).toBe('AE');
    expect(likelyCountry('0300 1234567', 'AE')).toBe('PK');
    expect(likelyCountry('100 123 4567', 'SA')).toBe('EG');
    expect(likelyCountry('٥٢١٢٣٤٥٦٧', 'GB')).toBe('AE');
  });

  it('offers nothing when the number is valid where it is, incomplete, international or ambiguous', () => {
    expect(likelyCountry('52 123 4567', 'AE')).toBeUndefined();
    expect(likelyCountry('52 123', 'US')).toBeUndefined();
    expect(likelyCountry('', 'US')).toBeUndefined();
    expect(likelyCountry('+971 52 123 4567', 'US')).toBeUndefined();
    // 50 000 0011 is a mobile number in the UAE and in Saudi Arabia: no guess.
    expect(likelyCountry('50 000 0011', 'US')).toBeUndefined();
  });

  it("keeps to the flags' countries when they name any", () => {
    expect(likelyCountry('50 000 0011', 'US', ['AE'])).toBe('AE');
    expect(likelyCountry('0300 1234567', 'AE', ['AE', 'SA'])).toBeUndefined();
  });
});
