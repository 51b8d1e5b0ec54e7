import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as errorCatalogue from '../../../src/api/error-catalogue.ts';
import { http, malformed, network, offline, timeout } from '../stores/flows/failures.ts';

const READINGS = [
  'errorName',
  'blockedVariant',
  'loginErrorMessage',
  'otpErrorKey',
  'recoveryCode',
  'recoveryErrorKey',
  'oneClickErrorMessage',
] as const;

// A fresh module graph per test: the set-up's registration (tests/unit/setup.ts) is not in it.
const fresh = () => import('../../../src/api/catalogue.ts');

describe('catalogue', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('reads a failure that never reached a server as the catalogue does, before the transport', async () => {
    const { catalogue } = await fresh();
    for (const failure of [timeout, offline, network, malformed]) {
      for (const reading of READINGS) {
        expect(catalogue()[reading](failure), `${reading} ${failure.kind}`).toEqual(
          errorCatalogue[reading](failure),
        );
      }
    }
  });

  it('gives an answer it cannot read yet the default message, with no name or block', async () => {
    const { catalogue } = await fresh();
    const blocked = http(400, { error_code: 'US-0068' });
    expect(catalogue().loginErrorMessage(blocked)).toEqual({ key: 'error:default' });
    expect(catalogue().blockedVariant(blocked)).toBeUndefined();
    expect(catalogue().errorName(blocked)).toBeUndefined();
  });

  it('is the whole catalogue once the transport has loaded', async () => {
    const { catalogue } = await fresh();
    await import('../../../src/api/transport.ts');
    const blocked = http(400, { error_code: 'US-0068' });
    expect(catalogue().blockedVariant(blocked)).toBe('USER_BLOCKED');
    expect(catalogue().loginErrorMessage(blocked)).toEqual({
      key: 'spring_security_error:USER_BLOCKED',
    });
  });

  it('names the message key of an error', async () => {
    const { errorKey } = await fresh();
    expect(errorKey('VERIFYING_OTP_ERROR')).toBe('spring_security_error:VERIFYING_OTP_ERROR');
  });
});
