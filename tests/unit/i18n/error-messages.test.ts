/** The server errors' messages, loaded after first paint with the page's first call. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import arErrors from '../../../i18n/ar/spring_security_error.json';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('loadErrorMessages', () => {
  it('has the messages of the language here before the answer of the first call', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('addEventListener', () => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 401 }))),
    );
    const { $errorMessages, loadErrorMessages } =
      await import('../../../src/i18n/error-messages.ts');
    const { request } = await import('../../../src/api/client.ts');
    loadErrorMessages('ar');
    expect($errorMessages.get()).toBeUndefined();
    await expect(request('identityApi', '/v1/login', { method: 'POST' })).rejects.toThrow();
    expect($errorMessages.get()?.BAD_CREDENTIALS).toBe(arErrors.BAD_CREDENTIALS);
  });

  it('loads nothing while pre-rendering (no window)', async () => {
    const { $errorMessages, loadErrorMessages } =
      await import('../../../src/i18n/error-messages.ts');
    loadErrorMessages('en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect($errorMessages.get()).toBeUndefined();
  });
});
