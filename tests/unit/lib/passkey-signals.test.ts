import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  signalAllAcceptedCredentials,
  signalCurrentUserDetails,
  signalUnknownCredential,
} from '../../../src/lib/passkey-signals.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('passkey signals', () => {
  it('tells a browser that has the signal methods', () => {
    const api = {
      signalUnknownCredential: vi.fn(() => Promise.resolve()),
      signalAllAcceptedCredentials: vi.fn(() => Promise.resolve()),
      signalCurrentUserDetails: vi.fn(() => Promise.resolve()),
    };
    vi.stubGlobal('PublicKeyCredential', api);
    signalUnknownCredential('Y3JlZA', 'account.example');
    signalAllAcceptedCredentials('dXNlcg', ['a', 'b'], 'account.example');
    signalCurrentUserDetails(
      { userId: 'dXNlcg', name: '+971500000001', displayName: 'Layla Haddad' },
      'account.example',
    );
    expect(api.signalUnknownCredential).toHaveBeenCalledWith({
      rpId: 'account.example',
      credentialId: 'Y3JlZA',
    });
    expect(api.signalAllAcceptedCredentials).toHaveBeenCalledWith({
      rpId: 'account.example',
      userId: 'dXNlcg',
      allAcceptedCredentialIds: ['a', 'b'],
    });
    expect(api.signalCurrentUserDetails).toHaveBeenCalledWith({
      rpId: 'account.example',
      userId: 'dXNlcg',
      name: '+971500000001',
      displayName: 'Layla Haddad',
    });
  });

  it('is silent without WebAuthn, without the methods, and when a signal fails', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(() => signalUnknownCredential('Y3JlZA', 'account.example')).not.toThrow();
    vi.stubGlobal('PublicKeyCredential', {});
    expect(() => signalAllAcceptedCredentials('dXNlcg', [], 'account.example')).not.toThrow();
    const rejected = vi.fn(() => Promise.reject(new DOMException('', 'SecurityError')));
    const thrown = vi.fn(() => {
      throw new TypeError('bad id');
    });
    vi.stubGlobal('PublicKeyCredential', {
      signalUnknownCredential: rejected,
      signalCurrentUserDetails: thrown,
    });
    signalUnknownCredential('Y3JlZA', 'account.example');
    expect(() =>
      signalCurrentUserDetails({ userId: 'u', name: 'n', displayName: 'd' }, 'account.example'),
    ).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(rejected).toHaveBeenCalledOnce();
    expect(thrown).toHaveBeenCalledOnce();
  });
});
