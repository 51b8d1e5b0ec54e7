import { describe, expect, it } from 'vitest';
import { scrubEvent } from '../../../src/lib/error-scrub.ts';
import { redactText, redactUrl } from '../../../src/lib/redact.ts';

const SENTINEL = 'SENTINEL-8f3a';

describe('redaction', () => {
  it('removes the hash, secret query values and the token of a token route', () => {
    expect(redactUrl(`/client-management/#access_token=${SENTINEL}`)).toBe('/client-management/');
    expect(
      redactUrl(`/login?csrf=${SENTINEL}&clientId=sandbox-web&fullMobileNumber=971500000001`),
    ).toBe('/login?csrf=%5Bredacted%5D&clientId=sandbox-web&fullMobileNumber=%5Bredacted%5D');
    expect(redactUrl(`/password/${SENTINEL}`)).toBe('/password/:token');
    expect(redactUrl(`/ar/alerts/${SENTINEL}/`)).toBe('/ar/alerts/:token/');
    expect(redactUrl(`/email/${SENTINEL}/verify?lang=ar`)).toBe('/email/:token/verify?lang=ar');
    expect(redactUrl(`https://api.example/x?token=${SENTINEL}`)).toBe(
      'https://api.example/x?token=%5Bredacted%5D',
    );
  });

  it('masks e-mails, phone numbers, codes and JWTs in free text', () => {
    expect(redactText('user a.b+c@example.com sent 123456 from +971 50 000 0001')).toBe(
      'user [email] sent [number] from [number]',
    );
    expect(redactText('Bearer eyJhbGciOi.eyJzdWIiOi.sig')).toBe('Bearer [token]');
  });

  it('scrubs a Sentry event: user, request data, breadcrumbs and messages', () => {
    const event = scrubEvent({
      message: `failed for layla@example.com`,
      user: { email: 'layla@example.com' },
      request: {
        url: `https://x.test/password/${SENTINEL}#t=${SENTINEL}`,
        data: { password: SENTINEL },
      },
      breadcrumbs: [{ message: 'fetch', data: { url: `/login?otp=${SENTINEL}`, body: SENTINEL } }],
      exception: { values: [{ value: 'code 123456 wrong' }] },
      extra: { phone: SENTINEL },
    });
    expect(JSON.stringify(event)).not.toContain(SENTINEL);
    expect(JSON.stringify(event)).not.toContain('layla@example.com');
    expect(event.request).toEqual({ url: 'https://x.test/password/:token' });
    expect(event.exception?.values?.[0]?.value).toBe('code [number] wrong');
  });
});
