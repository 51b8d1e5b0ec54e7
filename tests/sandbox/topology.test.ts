/**
 * The production topology's servers (sandbox/topology.ts) without a browser: each back end's
 * gateway, the identity service on its own origin sending people to the site's pages, the
 * error-reporting stand-in, and the origins a topology's build must name.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { envelopeEvents, SENTRY_PROJECT, SENTRY_PUBLIC_KEY } from '../../sandbox/reports.ts';
import { createSandbox } from '../../sandbox/state.ts';
import { calledOrigins, topology, topologyApps, topologyBuildEnv } from '../../sandbox/topology.ts';
import { readBuildEnv } from '../../src/integrations/build-env.ts';
import { Browser, continueTarget } from './server.ts';

const t = topology(5000);
const sandbox = createSandbox();
const apps = Object.fromEntries(topologyApps(sandbox, t, 'secret').map((s) => [s.name, s.app]));
const call = (name: string, path: string, init: RequestInit = {}) =>
  apps[name]?.request(path, init) ?? Promise.reject(new Error(name));
const fromSite = (headers: Record<string, string> = {}) => ({ Origin: t.site, ...headers });

describe('the production topology', () => {
  it('counts every origin from one base, the demo app’s included', () => {
    expect(t.site).toBe('http://localhost:5000');
    expect(t.backends.identityApi).toBe('http://localhost:5001');
    expect(t.relyingParty).toBe('http://localhost:5009');
    expect(topologyApps(sandbox, t).find((s) => s.name === 'relyingParty')?.port).toBe(5009);
    expect(t.dsn).toBe(`http://${SENTRY_PUBLIC_KEY}@localhost:5010/${SENTRY_PROJECT}`);
  });

  it("builds, under the local flag only, with exactly its back ends' origins", () => {
    const config = readBuildEnv(topologyBuildEnv(t));
    expect(config.production).toBe(true);
    expect(Object.values(config.backendOrigins ?? {}).sort()).toEqual(
      calledOrigins(t).filter((o) => o !== t.errorReporting),
    );
    expect(config.errorReporting?.ingestOrigin).toBe(t.errorReporting);
    const { LOCAL_TOPOLOGY_BUILD: _flag, ...deploy } = topologyBuildEnv(t);
    expect(() => readBuildEnv(deploy)).toThrow(/must be an https: address/);
  });

  it("lets a gateway answer the site's calls and preflights only", async () => {
    const preflight = await call('flags', '/v1/flags', {
      method: 'OPTIONS',
      headers: fromSite({ 'Access-Control-Request-Method': 'GET' }),
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(t.site);
    const answer = await call('flags', '/v1/flags', { headers: fromSite() });
    expect(answer.headers.get('access-control-allow-origin')).toBe(t.site);
    expect(answer.headers.get('vary')).toContain('Origin');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const idp = await call('identityService', '/api/profile/userinfo', { headers: fromSite() });
    expect(idp.status).toBe(401);
    // No page call sends a cookie across origins: the identity service's APIs take a bearer.
    expect(idp.headers.get('access-control-allow-credentials')).toBeNull();
    const foreign = await call('flags', '/v1/flags', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // A server-to-server call (no Origin) is not a browser's: it passes.
    expect((await call('flags', '/v1/flags')).status).toBe(200);
  });

  it("lets the site's logins carry the identity API's trusted-device cookie, scoped to /login", async () => {
    sandbox.reset();
    const preflight = await call('identityApi', '/login/phone', {
      method: 'OPTIONS',
      headers: fromSite({ 'Access-Control-Request-Method': 'POST' }),
    });
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const login = (body: Record<string, unknown>) =>
      call('identityApi', '/login/phone', {
        method: 'POST',
        headers: fromSite({ 'content-type': 'application/json' }),
        body: JSON.stringify({ phone_number: '971500000002', ...body }),
      });
    const asked = await login({ remember_device: true });
    expect(asked.status).toBe(400);
    expect(asked.headers.get('access-control-allow-credentials')).toBe('true');
    expect(asked.headers.get('set-cookie')).toBeNull();
    const sent = await call('identityApi', '/otp/send', {
      method: 'POST',
      headers: fromSite({ 'content-type': 'application/json' }),
      body: JSON.stringify({ identifier: '+971500000002', type: 'SMS' }),
    });
    expect(sent.status).toBe(200);
    const verified = await call('identityApi', '/otp/verify', {
      method: 'POST',
      headers: fromSite({ 'content-type': 'application/json' }),
      body: JSON.stringify({ identifier: '+971500000002', code: '123456' }),
    });
    const { data } = (await verified.json()) as { data: { id: string } };
    const remembered = await login({ otp: data.id, remember_device: true });
    expect(remembered.status).toBe(200);
    expect(remembered.headers.get('set-cookie')).toMatch(
      /^trusted_device=[^;]+;.*Path=\/login;.*HttpOnly;.*SameSite=Strict/,
    );
  });

  it('applies the control API’s faults by the back ends’ /_be prefixes, CORS faults included', async () => {
    sandbox.reset();
    sandbox.state.faults.push(
      { id: 1, path: '/_be/flags/v1/flags', cors: false, remaining: 1 },
      { id: 2, method: 'OPTIONS', path: '/_be/flags/v1', status: 403, remaining: 1 },
    );
    const bare = await call('flags', '/v1/flags', { headers: fromSite() });
    expect(bare.status).toBe(200);
    expect(bare.headers.get('access-control-allow-origin')).toBeNull();
    const refused = await call('flags', '/v1/flags', {
      method: 'OPTIONS',
      headers: fromSite({ 'Access-Control-Request-Method': 'GET' }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(sandbox.state.faults).toEqual([]);
  });

  it("serves the OpenID provider at its own origin: the site's /login, the cross-origin hand-off, the token from the site only", async () => {
    // The identity service's server listens first: its origin is the issuer.
    const late: { app?: Hono | undefined } = {};
    const server = serve({
      fetch: (request, env) => late.app!.fetch(request, env),
      port: 0,
      hostname: '127.0.0.1',
    });
    await once(server, 'listening');
    const idpOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const served = { ...t, backends: { ...t.backends, identityService: idpOrigin } };
    const own = createSandbox();
    const servers = Object.fromEntries(
      topologyApps(own, served, 'secret').map((s) => [s.name, s.app]),
    );
    late.app = servers['identityService'];
    try {
      const browser = new Browser();
      const verifier = randomBytes(32).toString('base64url');
      const redirectUri = `${t.site}/ar/client-management/`;
      const query = new URLSearchParams({
        client_id: 'account-web',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: redirectUri,
        state: 'state-1',
        nonce: 'nonce-1',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ui_locales: 'ar',
      });
      const discovery = await browser.request(`${idpOrigin}/.well-known/openid-configuration`);
      expect(((await discovery.json()) as { issuer: string }).issuer).toBe(idpOrigin);

      // The authorize request sends the browser to the site's /login, in the app's language.
      const asked = await browser.request(`${idpOrigin}/authorize?${query}`);
      expect(asked.status).toBe(303);
      const login = new URL(asked.headers.get('location') ?? '');
      expect(login.origin).toBe(t.site);
      expect(login.pathname).toBe('/ar/login');
      expect(login.searchParams.get('clientId')).toBe('account-web');
      const csrf = login.searchParams.get('csrf') ?? '';

      // The site's page signs the person in at the identity API (its own origin)...
      const phoneLogin = await servers['identityApi']!.request('/login/phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-id': 'account-web' },
        body: JSON.stringify({ phone_number: '+971500000001', password: 'Sandbox-Pass1' }),
      });
      const { token } = (await phoneLogin.json()) as { token: string };
      // ...and hands off with a form post from the site's origin: another origin is refused.
      const form = { token, _csrf: csrf };
      const foreign = await browser.request(`${idpOrigin}/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        body: new URLSearchParams(form).toString(),
      });
      expect(foreign.status).toBe(403);
      const handOff = await browser.request(`${idpOrigin}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.site },
        body: new URLSearchParams(form).toString(),
      });
      // Not a redirect (the site's form-action would check it): a page of its own goes on.
      expect(handOff.status).toBe(200);
      const next = continueTarget(await handOff.text()) ?? '';
      expect(new URL(next, idpOrigin).origin).toBe(idpOrigin);
      // The authorize request resumes on the identity service's origin, then ends at the site.
      const resumed = await browser.request(new URL(next, idpOrigin));
      expect(resumed.status).toBe(303);
      const back = new URL(resumed.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
      expect(back.searchParams.get('state')).toBe('state-1');
      const code = back.searchParams.get('code') ?? '';

      // The page exchanges the code from the site's origin (CORS), then calls with the bearer.
      const exchange = (origin: string) =>
        browser.request(`${idpOrigin}/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: 'account-web',
            code_verifier: verifier,
          }).toString(),
        });
      expect((await exchange('https://evil.example')).status).toBe(403);
      const tokens = await exchange(t.site);
      expect(tokens.status).toBe(200);
      expect(tokens.headers.get('access-control-allow-origin')).toBe(t.site);
      const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
      const apps = await browser.request(`${idpOrigin}/api/approved`, {
        headers: { origin: t.site, authorization: `Bearer ${accessToken}` },
      });
      expect(apps.status).toBe(200);
      expect(apps.headers.get('access-control-allow-origin')).toBe(t.site);

      // Back only to the site's registered addresses and the demo app's.
      const elsewhere = await browser.request(
        `${idpOrigin}/authorize?${new URLSearchParams({ ...Object.fromEntries(query), redirect_uri: 'https://evil.example/x' })}`,
      );
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.headers.get('location')).toBeNull();
      const logout = await browser.request(
        `${idpOrigin}/logout?client_id=account-web&post_logout_redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      );
      expect(logout.status).toBe(400);
      expect(logout.headers.get('location')).toBeNull();
    } finally {
      await new Promise((resolve) => {
        server.close(resolve);
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    }
  });

  it('keeps what the error-reporting stand-in receives, for its key only', async () => {
    sandbox.reset();
    const envelope = [
      JSON.stringify({ event_id: 'e1' }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({ exception: { values: [{ value: 'HTTP 500' }] } }),
    ].join('\n');
    const path = `/api/${SENTRY_PROJECT}/envelope/?sentry_key=${SENTRY_PUBLIC_KEY}`;
    const sent = await call('errorReporting', path, {
      method: 'POST',
      body: envelope,
      headers: fromSite(),
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('access-control-allow-origin')).toBe(t.site);
    const wrongKey = await call('errorReporting', path.replace(SENTRY_PUBLIC_KEY, 'x'), {
      method: 'POST',
      body: envelope,
    });
    expect(wrongKey.status).toBe(403);
    expect(sandbox.state.reports.errors).toHaveLength(1);
    expect(sandbox.state.reports.errors[0]?.events).toEqual([
      { exception: { values: [{ value: 'HTTP 500' }] } },
    ]);
    expect(
      envelopeEvents(`${JSON.stringify({})}\n${JSON.stringify({ type: 'attachment' })}\nbinary`),
    ).toEqual([]);
    const control = await call('sandbox', '/_sandbox/reports');
    expect(((await control.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
