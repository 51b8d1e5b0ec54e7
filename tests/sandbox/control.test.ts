import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../sandbox/openapi.ts';
import { OPERATIONS } from '../../src/contract/operations.ts';
import { serveSandbox } from './server.ts';
import { SANDBOX_PREFIX } from '../../src/contract/backends.ts';
import { fillPath } from '../../src/contract/path.ts';
import { phone, setup } from './helpers.ts';

let t: ReturnType<typeof setup>;
beforeEach(() => {
  t = setup();
});

const event = {
  name: 'login_submit',
  page: 'welcome',
  flow: 'phone',
  at: '2030-01-01T08:00:00.000Z',
  properties: { attempt: 1 },
};
const session = {
  session_id: 's',
  device_id: 'd',
  platform: 'web',
  locale: 'en',
  client_version: '0.1.0',
};

describe('control API', () => {
  it('POST /_sandbox/reset restores users, tokens, outbox, flags, faults and events', async () => {
    await t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'SMS' });
    await t.call('PUT', '/_sandbox/flags', { enhancedForm: false });
    await t.post('/_sandbox/faults', { path: '/_be/flags', status: 503 });
    await t.post('/_be/analytics/v3/publish-event', { session, events: [event] });
    await t.call('DELETE', '/_be/idp/api/approved/clients/sandbox-web', undefined, {
      authorization: 'Bearer sandbox-access-token',
    });
    await t.call('PUT', '/_be/identity-gateway/users/email/verification/ev-valid');

    const reset = await t.post('/_sandbox/reset');
    expect(reset.status).toBe(200);
    expect((await t.get('/_sandbox/outbox')).body).toEqual([]);
    expect((await t.get('/_sandbox/events')).body).toEqual([]);
    expect((await t.get('/_be/flags/v1/flags')).body.flags.enhancedForm).toBe(true);
    expect(
      (await t.get('/_be/idp/api/approved', { authorization: 'Bearer sandbox-access-token' })).body,
    ).toHaveLength(2);
    expect(
      (await t.call('PUT', '/_be/identity-gateway/users/email/verification/ev-valid')).status,
    ).toBe(204);
  });

  it('GET /_sandbox/outbox?to= filters by identifier, newest first, and accepts a raw +', async () => {
    await t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'SMS' });
    await t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'VOICE' });
    await t.post(t.api('/otp/send'), { identifier: phone('01'), type: 'SMS' });
    const encoded = (await t.get(`/_sandbox/outbox?to=%2B${phone('02')}`)).body;
    expect(encoded.map((entry: { channel: string }) => entry.channel)).toEqual(['voice', 'sms']);
    expect((await t.get(`/_sandbox/outbox?to=+${phone('02')}`)).body).toEqual(encoded);
    expect((await t.get(`/_sandbox/outbox?to=${phone('02')}`)).body).toEqual(encoded);
    expect((await t.get('/_sandbox/outbox?to=nobody@example.com')).body).toEqual([]);
    expect((await t.get('/_sandbox/outbox')).body).toHaveLength(3);
  });

  it('POST /_sandbox/push/{id}/approve|reject acts as the mobile app', async () => {
    const first = await t.post(t.api('/one-click/login'), {
      phone_number: phone('17'),
      is_retry: false,
    });
    // Number matching: the push carries two digits, also in the outbox; approve takes them.
    expect(first.body.number_challenge).toMatch(/^\d{2}$/);
    const pushed = (await t.get(`/_sandbox/outbox?to=%2B${phone('17')}`)).body[0];
    expect(pushed).toMatchObject({ channel: 'push', number: first.body.number_challenge });
    const approved = await t.post(`/_sandbox/push/${first.body.id}/approve`, {
      number: first.body.number_challenge,
    });
    expect(approved.body).toEqual({ id: first.body.id, status: 'confirmed' });
    expect(
      (await t.get(t.api(`/login/approve-request/${first.body.id}/verify`))).body.data.status,
    ).toBe('confirmed');
    expect((await t.post(`/_sandbox/push/${first.body.id}/reject`)).status).toBe(409);

    const second = await t.post(t.api('/one-click/login'), {
      phone_number: phone('17'),
      is_retry: true,
    });
    expect((await t.post(`/_sandbox/push/${second.body.id}/reject`)).body.status).toBe('rejected');
    // A wrong number (or none) rejects it, as the app does.
    for (const number of [undefined, '00']) {
      const next = await t.post(t.api('/one-click/login'), {
        phone_number: phone('17'),
        is_retry: true,
      });
      const answer = await t.post(
        `/_sandbox/push/${next.body.id}/approve`,
        number ? { number } : {},
      );
      expect(answer.body.status).toBe('rejected');
    }
    expect((await t.post('/_sandbox/push/apr_unknown/approve')).status).toBe(404);
    expect((await t.post(`/_sandbox/push/${second.body.id}/maybe`)).status).toBe(404);
  });

  it('a form post from the people page redirects back to it', async () => {
    const { body } = await t.post(t.api('/one-click/login'), {
      phone_number: phone('17'),
      is_retry: false,
    });
    const res = await t.app.request(`/_sandbox/push/${body.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: body.number_challenge }).toString(),
    });
    expect(res.status).toBe(303);
    expect((await t.get(t.api(`/login/approve-request/${body.id}/verify`))).body.data.status).toBe(
      'confirmed',
    );
    expect(res.headers.get('location')).toBe('/_sandbox#pushes');
  });

  it('PUT /_sandbox/flags overrides flags; unknown names or wrong types are 400', async () => {
    const answer = await t.call('PUT', '/_sandbox/flags', {
      oneClickSignup: true,
      weakPasswords: 'a,b',
    });
    expect(answer.body.flags).toMatchObject({
      oneClickSignup: true,
      weakPasswords: 'a,b',
      googleEnabled: true,
    });
    expect((await t.get('/_be/flags/v1/flags')).body.flags.oneClickSignup).toBe(true);
    expect((await t.call('PUT', '/_sandbox/flags', { nope: true })).status).toBe(400);
    expect((await t.call('PUT', '/_sandbox/flags', { googleEnabled: 'yes' })).status).toBe(400);
    expect((await t.call('PUT', '/_sandbox/flags', '[1,2]')).status).toBe(400);
  });

  it('POST /_sandbox/faults answers with the status and body the given number of times', async () => {
    const added = await t.post('/_sandbox/faults', {
      method: 'POST',
      path: '/_be/identity-api/otp',
      status: 503,
      body: { error: 'down' },
      times: 2,
    });
    expect(added.status).toBe(201);
    const send = () => t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'SMS' });
    expect(await send()).toMatchObject({ status: 503, body: { error: 'down' } });
    expect((await t.get(t.api('/clients/api/v3/clients/sandbox-web'))).status).toBe(200);
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(200);
  });

  it('a rate-limit fault sends its Retry-After: seconds or an HTTP date, only when asked', async () => {
    const onboard = () => t.post('/_be/onboarder/onboard', { phone_number: phone('03') });
    const body = { error: 'too_many_requests', additional_information: { retry_after: 90 } };
    await t.post('/_sandbox/faults', {
      path: '/_be/onboarder',
      status: 429,
      body,
      retryAfter: '90',
      times: 1,
    });
    const seconds = await t.app.request('/_be/onboarder/onboard', { method: 'POST', body: '{}' });
    expect(seconds.status).toBe(429);
    expect(seconds.headers.get('retry-after')).toBe('90');
    expect(await seconds.json()).toEqual(body);
    const date = 'Wed, 21 Oct 2026 07:28:00 GMT';
    await t.post('/_sandbox/faults', {
      path: '/_be/onboarder',
      status: 429,
      retryAfter: date,
      times: 1,
    });
    const dated = await t.app.request('/_be/onboarder/onboard', { method: 'POST', body: '{}' });
    expect(dated.headers.get('retry-after')).toBe(date);
    await t.post('/_sandbox/faults', { path: '/_be/onboarder', status: 429, times: 1 });
    const none = await t.app.request('/_be/onboarder/onboard', { method: 'POST', body: '{}' });
    expect(none.status).toBe(429);
    expect(none.headers.get('retry-after')).toBeNull();
    // The fault is spent: the onboarding answers again (here: the code is missing).
    expect((await onboard()).status).toBe(400);
    expect(
      (await t.post('/_sandbox/faults', { path: '/x', status: 429, retryAfter: 'a\nb' })).status,
    ).toBe(400);
  });

  it('a malformed fault answers truncated JSON, a drop fault breaks the answer', async () => {
    await t.post('/_sandbox/faults', { path: '/_be/flags', malformed: true, times: 1 });
    const malformed = await t.app.request('/_be/flags/v1/flags');
    expect(malformed.status).toBe(200);
    expect(malformed.headers.get('content-type')).toContain('application/json');
    expect(() => JSON.parse('{"truncated": ')).toThrow();
    expect(await malformed.text()).toBe('{"truncated": ');
    await t.post('/_sandbox/faults', { path: '/_be/flags', drop: true, times: 1 });
    const dropped = await t.app.request('/_be/flags/v1/flags');
    await expect(dropped.text()).rejects.toThrow('dropped');
    expect((await t.get('/_be/flags/v1/flags')).status).toBe(200);
  });

  it('faults without times last until DELETE; without a body a 500 carries APP-0001; GET-only faults skip POST', async () => {
    await t.post('/_sandbox/faults', { path: '/_be/flags', status: 500 });
    for (let i = 0; i < 3; i += 1)
      expect((await t.get('/_be/flags/v1/flags')).body.error_code).toBe('APP-0001');
    expect((await t.call('DELETE', '/_sandbox/faults')).status).toBe(204);
    expect((await t.get('/_be/flags/v1/flags')).status).toBe(200);
    await t.post('/_sandbox/faults', { method: 'GET', path: '/_be/identity-api', status: 418 });
    expect(
      (await t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'SMS' })).status,
    ).toBe(200);
  });

  it('a delay fault hangs, then passes the call through', async () => {
    await t.post('/_sandbox/faults', { path: '/_be/flags', delayMs: 120, times: 1 });
    const started = performance.now();
    const answer = await t.get('/_be/flags/v1/flags');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(answer.status).toBe(200);
  });

  it('faults are checked: a path must start with /', async () => {
    expect((await t.post('/_sandbox/faults', { path: 'be', status: 500 })).status).toBe(400);
    expect((await t.post('/_sandbox/faults', { path: '/x', status: 'bad' })).status).toBe(400);
  });

  it('GET /_sandbox/events lists the analytics events, oldest first', async () => {
    expect(
      (
        await t.post('/_be/analytics/v3/publish-event', {
          session,
          events: [event, { ...event, name: 'second' }],
        })
      ).status,
    ).toBe(204);
    const events = (await t.get('/_sandbox/events')).body;
    expect(events.map((item: { name: string }) => item.name)).toEqual(['login_submit', 'second']);
    expect(events[0]).toMatchObject({ session, properties: { attempt: 1 } });
    expect((await t.post('/_be/analytics/v3/publish-event', { session, events: [] })).status).toBe(
      400,
    );
    expect(
      (
        await t.post('/_be/analytics/v3/publish-event', {
          session: { ...session, platform: 'ios' },
          events: [event],
        })
      ).status,
    ).toBe(400);
  });
});

describe('pages for people', () => {
  it('GET /_sandbox shows the outbox, pending pushes with forms, personas, tokens and flags', async () => {
    await t.post(t.api('/otp/send'), { identifier: phone('02'), type: 'SMS' });
    const { body } = await t.post(t.api('/one-click/login'), {
      phone_number: phone('17'),
      is_retry: false,
    });
    const res = await t.app.request('/_sandbox');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('+971500000002');
    expect(html).toContain(`action="/_sandbox/push/${body.id}/approve"`);
    expect(html).toContain(`action="/_sandbox/push/${body.id}/reject"`);
    expect(html).toContain('Layla Haddad');
    expect(html).toContain('/invitation/inv-motfail');
    expect(html).toContain('businessInvitationS2SRoles');
    expect(html).toMatch(/<caption>/);
  });

  it("the social window returns unsigned test tokens for the provider, with the page's nonce", async () => {
    const nonce = (await t.post(t.api('/login/social/nonce'))).body.nonce as string;
    const html = await (await t.app.request(`/_sandbox/social/apple?nonce=${nonce}`)).text();
    expect(html).toContain('apple.user@example.com');
    expect(html).toContain('new.apple@example.com');
    expect(html).not.toContain('google.user@example.com');
    expect(html).toContain("type: 'sandbox-social'");
    expect(html).toContain('postMessage(message, location.origin)');
    const token = /data-token="([^"]+)"/.exec(html)?.[1] ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.nonce).toBe(nonce);
    expect((await t.post(t.api('/login/apple'), { access_token: token, nonce })).status).toBe(200);
    // A nonce that cannot be one is left out of the tokens.
    const odd = await (await t.app.request('/_sandbox/social/apple?nonce=%3Cb%3E')).text();
    const oddToken = /data-token="([^"]+)"/.exec(odd)?.[1] ?? '';
    expect(
      JSON.parse(Buffer.from(oddToken.split('.')[1] ?? '', 'base64url').toString()),
    ).not.toHaveProperty('nonce');
    expect((await t.app.request('/_sandbox/social/facebook')).status).toBe(404);
  });
});

describe('contract document', () => {
  it('the committed sandbox/openapi.json is up to date (node sandbox/write-openapi.ts)', () => {
    const committed = readFileSync(new URL('../../sandbox/openapi.json', import.meta.url), 'utf8');
    expect(JSON.parse(committed)).toEqual(buildOpenApi());
  });

  it('is served at /_sandbox/openapi.json as OpenAPI 3.1 with every operation', async () => {
    const doc = (await t.get('/_sandbox/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const operation of OPERATIONS) {
      const path = `${SANDBOX_PREFIX[operation.backend]}${operation.path}`;
      expect(doc.paths[path]?.[operation.method.toLowerCase()]?.operationId).toBe(operation.id);
    }
  });

  it('the sandbox routes every operation of the contract', async () => {
    // Served: the identity service answers on Node's own request and response.
    const served = await serveSandbox();
    try {
      for (const operation of OPERATIONS) {
        const params = Object.fromEntries(
          [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 'x']),
        );
        const path = `${SANDBOX_PREFIX[operation.backend]}${fillPath(operation.path, params as Record<string, string>)}`;
        const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
        const res = await fetch(`${served.origin}${path}`, {
          method: operation.method,
          redirect: 'manual',
          ...(withBody ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
        });
        const text = await res.text();
        const noRoute = res.status === 404 && text.includes('No such sandbox route');
        expect(noRoute, `${operation.method} ${path}`).toBe(false);
        expect(res.status, `${operation.method} ${path}`).toBeLessThan(500);
      }
    } finally {
      await served.close();
    }
  });
});
