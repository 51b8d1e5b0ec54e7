import { describe, expect, it, vi } from 'vitest';
import { armWebOtp } from '../../../src/lib/web-otp.ts';

/** A credentials container whose requests the test settles by hand. */
function fakeCredentials() {
  const requests: { options: CredentialRequestOptions; resolve: (code: string | null) => void }[] =
    [];
  const get = vi.fn(
    (options: CredentialRequestOptions) =>
      new Promise<Credential | null>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        requests.push({
          options,
          resolve: (code) => resolve(code === null ? null : ({ code } as unknown as Credential)),
        });
      }),
  );
  const container = { get } as unknown as CredentialsContainer;
  return { container, get, requests };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('armWebOtp', () => {
  it('asks once for an SMS code and fills it, then stays armed for the next one', async () => {
    const { container, get, requests } = fakeCredentials();
    const fill = vi.fn();
    const stop = armWebOtp(fill, container, true);
    expect(get).toHaveBeenCalledTimes(1);
    expect(requests[0]?.options).toMatchObject({ otp: { transport: ['sms'] } });
    requests[0]?.resolve('123456');
    await settle();
    expect(fill).toHaveBeenCalledWith('123456');
    expect(get).toHaveBeenCalledTimes(2);
    // One controller for the whole step: both requests carry the same signal.
    expect(requests[1]?.options.signal).toBe(requests[0]?.options.signal);
    stop();
    expect(requests[1]?.options.signal?.aborted).toBe(true);
  });

  it('fills nothing once stopped, and does not re-arm after a refusal or an empty answer', async () => {
    const { container, get, requests } = fakeCredentials();
    const fill = vi.fn();
    const stop = armWebOtp(fill, container, true);
    requests[0]?.resolve(null);
    await settle();
    expect(get).toHaveBeenCalledTimes(1);
    expect(fill).not.toHaveBeenCalled();

    const second = armWebOtp(fill, container, true);
    stop();
    second();
    requests[1]?.resolve('654321');
    await settle();
    expect(fill).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does nothing where the browser has no WebOTP', () => {
    const { container, get } = fakeCredentials();
    const stop = armWebOtp(vi.fn(), container, false);
    expect(get).not.toHaveBeenCalled();
    stop();
  });
});
