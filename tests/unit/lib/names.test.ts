import { describe, expect, it } from 'vitest';
import { splitFullName } from '../../../src/lib/names.ts';

describe('splitFullName', () => {
  it('takes the last word as the last name and the rest as the first name', () => {
    expect(splitFullName('Layla Haddad')).toEqual({ firstName: 'Layla', lastName: 'Haddad' });
    expect(splitFullName('Mohammed bin Rashid Al Maktoum')).toEqual({
      firstName: 'Mohammed bin Rashid Al',
      lastName: 'Maktoum',
    });
  });

  it('gives a single word an empty last name', () => {
    expect(splitFullName('Yusuf')).toEqual({ firstName: 'Yusuf', lastName: '' });
  });

  it('splits on any whitespace and trims', () => {
    expect(splitFullName('  سارة \t أحمد \n')).toEqual({ firstName: 'سارة', lastName: 'أحمد' });
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: '' });
  });
});
