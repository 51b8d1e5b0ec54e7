/**
 * The production topology's servers (sandbox/topology.ts) without a browser: each back end's
 * gateway, the identity service on its own origin sending people to the site's pages, the
 * error-reporting stand-in, and the origins a topology's build must name.
 */
import { describe, expect, it } from 'vitest';
import { envelopeEvents, SENTRY_PROJECT, SENTRY_PUBLIC_KEY } from '../../sandbox/reports.ts';
import { createSandbox } from '../../sandbox/state.ts';
import { calledOrigins, topology, topologyApps, topologyBuildEnv } from '../../sandbox/topology.ts';
import { readBuildEnv } from '../../src/integrations/build-env.ts';

const t = topology(5000);
const sandbox = createSandbox();
const apps = Object.fromEntries(topologyApps(sandbox, t, 'secret').map((s) => [s.name, s.app]));
const call = (name: string, path: string, init: RequestInit = {}) =>
  apps[name]?.request(path, init) ?? Promise.reject(new Error(name));
const fromSite = (headers: Record<string, string> = {}) => ({ Origin: t.site, ...headers });

describe('the production topology', () => {
  it('counts every origin from one base, keeping the demo app’s port free', () => {
    expect(t.site).toBe('http://localhost:5000');
    expect(t.backends.identityApi).toBe('http://localhost:5001');
    expect(t.relyingParty).toBe('http://localhost:5009');
    expect(topologyApps(sandbox, t).map((s) => s.port)).not.toContain(5009);
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
    expect(idp.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await call('flags', '/v1/flags', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    // A server-to-server call (no Origin) is not a browser's: it passes.
    expect((await call('flags', '/v1/flags')).status).toBe(200);
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

  it("sends the identity service's visitors to the site's pages, and back only to the site", async () => {
    const authorize = await call(
      'identityService',
      `/authorize?response_type=token&redirect_uri=${encodeURIComponent(`${t.site}/ar/client-management/`)}&state=s`,
    );
    expect(authorize.status).toBe(302);
    expect(authorize.headers.get('location')).toMatch(
      new RegExp(`^${t.site}/ar/login\\?clientId=sandbox-web&csrf=`),
    );
    const elsewhere = await call(
      'identityService',
      `/authorize?response_type=token&redirect_uri=${encodeURIComponent('https://evil.example/x')}`,
    );
    expect(elsewhere.status).toBe(400);
    const logout = await call('identityService', '/logout?redirect_uri=https://evil.example/');
    expect(logout.headers.get('location')).toBe(`${t.site}/login`);
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
    const csp = await call('errorReporting', path.replace('envelope', 'security'), {
      method: 'POST',
      body: JSON.stringify({ 'csp-report': { 'blocked-uri': 'http://x' } }),
      headers: fromSite({ 'Content-Type': 'application/csp-report' }),
    });
    expect(csp.status).toBe(201);
    expect(sandbox.state.reports.violations[0]?.contentType).toBe('application/csp-report');
    const control = await call('sandbox', '/_sandbox/reports');
    expect(((await control.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
