import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The identity API's nonce for the sign-in (src/api/social-nonce.ts).
vi.mock('../../../../src/api/social-nonce.ts', () => ({
  prepareNonce: vi.fn(),
  signInNonce: vi.fn(() => Promise.resolve('n-1')),
}));

import { appleFailureReason, appleResult } from '../../../../src/lib/social/apple.ts';
import { openSandboxWindow } from '../../../../src/lib/social/index.ts';
import {
  isSandboxMessage,
  sandboxAnswer,
  sandboxResult,
} from '../../../../src/lib/social/sandbox.ts';
import {
  socialFailureReason,
  SocialError,
  tokenClaims,
} from '../../../../src/lib/social/results.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: Record<string, unknown>) => `${b64({ alg: 'none' })}.${b64(claims)}.`;

describe('social adapters', () => {
  it('classes Apple failures as cancelled, popup closed or other', () => {
    expect(appleFailureReason({ error: 'user_cancelled_authorize' })).toBe('cancelled');
    expect(appleFailureReason({ error: 'popup_closed_by_user' })).toBe('popup_closed');
    expect(appleFailureReason({ error: 'invalid_request' })).toBe('other');
    expect(appleFailureReason('boom')).toBe('other');
    expect(socialFailureReason(new SocialError('script'))).toBe('script');
    expect(socialFailureReason(new Error('x'))).toBe('other');
  });

  it('reads the Apple answer: token, e-mail, and the name only when given', () => {
    const idToken = token({ email: 'a@b.co' });
    expect(
      appleResult({
        authorization: { id_token: idToken },
        user: { name: { firstName: 'Noor', lastName: 'Hassan' } },
      }),
    ).toEqual({ idToken, email: 'a@b.co', fullName: 'Noor Hassan' });
    expect(appleResult({ authorization: { id_token: idToken } }).fullName).toBeUndefined();
    expect(() => appleResult({})).toThrow(SocialError);
  });

  it('decodes token claims, and survives garbage', () => {
    expect(tokenClaims(token({ email: 'é@x.co' }))).toEqual({ email: 'é@x.co' });
    expect(tokenClaims('nope')).toBeUndefined();
    expect(tokenClaims('a.%%%.b')).toBeUndefined();
    expect(
      sandboxResult(token({ email: 'new.apple@example.com', name: 'New Apple' })),
    ).toMatchObject({
      email: 'new.apple@example.com',
      fullName: 'New Apple',
    });
  });

  it('accepts only well-formed sandbox messages for the provider', () => {
    expect(
      isSandboxMessage({ type: 'sandbox-social', provider: 'apple', idToken: 't' }, 'apple'),
    ).toBe(true);
    expect(
      isSandboxMessage({ type: 'sandbox-social', provider: 'google', idToken: 't' }, 'apple'),
    ).toBe(false);
    expect(isSandboxMessage({ type: 'other', provider: 'apple', idToken: 't' }, 'apple')).toBe(
      false,
    );
    expect(isSandboxMessage(null, 'apple')).toBe(false);
  });
});

describe('sandbox social window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function fakeWindow(popup: { closed: boolean } | null) {
    const listeners = new Set<(event: MessageEvent) => void>();
    const win = {
      location: { origin: 'https://site.example' },
      open: vi.fn(() => popup),
      addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.delete(fn),
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (handle: number) => clearInterval(handle),
      post: (data: unknown, origin: string, source: unknown) =>
        listeners.forEach((fn) => fn({ data, origin, source } as MessageEvent)),
      listeners,
    };
    return win;
  }

  it('opens the sandbox window blank, sends it to its page with the nonce, takes the token only from it', async () => {
    const popup = { closed: false, location: { href: 'about:blank' } };
    const win = fakeWindow(popup);
    const opened = openSandboxWindow('google', win as unknown as Window);
    expect(opened).toBe(popup);
    expect(win.open).toHaveBeenCalledWith('about:blank', 'sandbox-google', expect.any(String));
    const result = sandboxAnswer('google', popup as unknown as Window, win as unknown as Window);
    await vi.waitFor(() => expect(popup.location.href).toBe('/_sandbox/social/google?nonce=n-1'));
    const message = {
      type: 'sandbox-social',
      provider: 'google',
      idToken: token({ email: 'g@x.co', nonce: 'n-1' }),
    };
    win.post(message, 'https://evil.example', popup);
    win.post(message, 'https://site.example', {});
    win.post(message, 'https://site.example', popup);
    await expect(result).resolves.toMatchObject({ email: 'g@x.co' });
    expect(win.listeners.size).toBe(0);
  });

  it("refuses a token without this sign-in's nonce", async () => {
    const popup = { closed: false, location: { href: 'about:blank' } };
    const win = fakeWindow(popup);
    const result = sandboxAnswer('apple', popup as unknown as Window, win as unknown as Window);
    await vi.waitFor(() => expect(popup.location.href).toContain('nonce=n-1'));
    const idToken = token({ email: 'a@x.co', nonce: 'n-0' });
    win.post({ type: 'sandbox-social', provider: 'apple', idToken }, 'https://site.example', popup);
    await expect(result).rejects.toMatchObject({ reason: 'other' });
  });

  it('rejects popup_closed when the window closes first, or is blocked', async () => {
    const popup = { closed: false, location: { href: 'about:blank' } };
    const win = fakeWindow(popup);
    const result = sandboxAnswer('apple', popup as unknown as Window, win as unknown as Window);
    await vi.waitFor(() => expect(popup.location.href).toContain('nonce='));
    popup.closed = true;
    vi.advanceTimersByTime(1000);
    await expect(result).rejects.toMatchObject({ reason: 'popup_closed' });
    const blocked = fakeWindow(null) as unknown as Window;
    await expect(
      sandboxAnswer('apple', openSandboxWindow('apple', blocked), blocked),
    ).rejects.toMatchObject({ reason: 'popup_closed' });
  });
});
