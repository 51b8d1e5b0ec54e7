/**
 * The control API of sandbox-contract.md (`/_sandbox/...`), the fault injector that runs before
 * every other route, and the sandbox's own pages (people's page, social sign-in window, logo).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { INTERNAL_ERROR_BODY } from '../src/contract/errors.ts';
import { FaultBody, PUSH_DECISIONS, PushDecisionBody } from '../src/contract/sandbox-control.ts';
import { FlagsResponse } from '../src/contract/shell.ts';
import { fail, jsonBody } from './errors.ts';
import { PAGE_HEADERS } from './html.ts';
import { buildOpenApi } from './openapi.ts';
import { renderControlPage, renderSocialPage, SANDBOX_LOGO_SVG } from './page.ts';
import { addSample } from './sessions.ts';
import { NONCE_PATTERN } from './social.ts';
import type { Fault, Sandbox } from './state.ts';
import { flagsOf, normalizeIdentifier, pushRequest, userByEmail, userByPhone } from './queries.ts';
import { accountSecurity } from './secure-account.ts';

const FlagOverrides = v.strictObject(FlagsResponse.entries.flags.entries);

/** A form post from the people's page gets a redirect back to it; scripts get JSON. */
function fromForm(c: Context): boolean {
  return /application\/x-www-form-urlencoded|multipart\/form-data/i.test(
    c.req.header('content-type') ?? '',
  );
}

/** The `to` of the outbox query; a raw '+' in a query string arrives as a space. */
function outboxKey(raw: string): string {
  const trimmed = raw.trim();
  const withPlus = /^\s\d/.test(raw) || /^\d/.test(trimmed) ? `+${trimmed}` : trimmed;
  return normalizeIdentifier(withPlus) ?? trimmed.toLowerCase();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The first fault for a call (`path` as the one-origin sandbox has it, back-end prefix included),
 * counted as used. `OPTIONS` faults match only preflights, which name their method.
 */
export function takeFault(sandbox: Sandbox, method: string, path: string): Fault | undefined {
  const { faults } = sandbox.state;
  const fault = faults.find(
    (item) =>
      (item.method ? item.method === method : method !== 'OPTIONS') && path.startsWith(item.path),
  );
  if (fault?.remaining !== undefined) {
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.splice(faults.indexOf(fault), 1);
  }
  return fault;
}

/** The calls a fault answered (or let through) without CORS headers (`cors: false`). */
export const withoutCors = new WeakSet<Request>();

/**
 * Faults of `POST /_sandbox/faults`, applied to every path outside `/_sandbox`; `prefix` is the
 * back end's `/_be/...` prefix where it is served at the root of an origin of its own.
 */
export function faultInjector(sandbox: Sandbox, prefix = ''): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === '/_sandbox' || c.req.path.startsWith('/_sandbox/')) return next();
    const fault = takeFault(sandbox, c.req.method, `${prefix}${c.req.path}`);
    if (!fault) return next();
    if (fault.cors === false) withoutCors.add(c.req.raw);
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.drop) {
      // A body that fails mid-stream: the server aborts the connection without an answer.
      return new Response(
        new ReadableStream({ start: (controller) => controller.error(new Error('dropped')) }),
      );
    }
    if (fault.malformed) {
      return c.body('{"truncated": ', (fault.status ?? 200) as ContentfulStatusCode, {
        'Content-Type': 'application/json',
      });
    }
    if (fault.status === undefined) return next();
    const status = fault.status as StatusCode;
    const headers = fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter };
    if (status === 204 || status === 304) return c.body(null, status, headers);
    const body =
      fault.body ?? (fault.status >= 500 ? INTERNAL_ERROR_BODY : { error: 'sandbox_fault' });
    return c.json(body, status as ContentfulStatusCode, headers);
  };
}

export function controlRoutes(sandbox: Sandbox, demoOrigin: string): Hono {
  const app = new Hono();
  const { state } = sandbox;

  // The demo app (a relying party of the identity service, on its own port): the same path and
  // query there, so a test or a person need not know its port.
  app.get('/demo-app/*', (c) => {
    const url = new URL(c.req.url);
    const path = url.pathname.slice('/_sandbox/demo-app'.length) || '/';
    return c.redirect(`${demoOrigin}${path}${url.search}`, 302);
  });

  app.get('/', (c) =>
    c.html(renderControlPage(sandbox, new URL(c.req.url).origin), 200, PAGE_HEADERS),
  );

  app.post('/reset', (c) => {
    sandbox.reset();
    return fromForm(c) ? c.redirect('/_sandbox', 303) : c.json({ ok: true });
  });

  app.get('/outbox', (c) => {
    const to = c.req.query('to');
    const key = to === undefined ? undefined : outboxKey(to);
    const entries = state.outbox.filter((entry) => key === undefined || entry.to === key).reverse();
    return c.json(entries);
  });

  app.post('/push/:requestId/:decision', async (c) => {
    const decision = c.req.param('decision');
    if (!(PUSH_DECISIONS as readonly string[]).includes(decision)) {
      fail(404, { error: 'not_found', error_description: 'Use approve or reject' });
    }
    const request = pushRequest(sandbox, c.req.param('requestId'));
    if (!request) fail(404, { error: 'not_found', error_description: 'Unknown approval request' });
    if (request.status !== 'pending') {
      fail(409, {
        error: 'conflict',
        error_description: `The request is already ${request.status}`,
      });
    }
    // Number matching: approving needs the push's number; a wrong one rejects it, as the app does.
    const form = fromForm(c) ? (await c.req.parseBody())['number'] : undefined;
    const given = fromForm(c)
      ? (typeof form === 'string' ? form : '').trim()
      : ((await jsonBody(c, PushDecisionBody)).number ?? '').trim();
    const matched = request.number === undefined || given === request.number;
    request.status = decision === 'approve' && matched ? 'confirmed' : 'rejected';
    return fromForm(c)
      ? c.redirect('/_sandbox#pushes', 303)
      : c.json({ id: request.id, status: request.status });
  });

  app.get('/flags', (c) => c.json({ flags: flagsOf(sandbox) }));
  app.put('/flags', async (c) => {
    const overrides = await jsonBody(c, FlagOverrides);
    const defined = Object.entries(overrides).filter((entry) => entry[1] !== undefined);
    state.flagOverrides = { ...state.flagOverrides, ...Object.fromEntries(defined) };
    return c.json({ flags: flagsOf(sandbox) });
  });

  app.post('/faults', async (c) => {
    const body = await jsonBody(c, FaultBody);
    const id = state.nextFaultId;
    state.nextFaultId += 1;
    state.faults.push({ ...body, id, remaining: body.times });
    return c.json({ id }, 201);
  });
  app.delete('/faults', (c) => {
    state.faults = [];
    return c.body(null, 204);
  });
  app.get('/faults', (c) => c.json(state.faults));

  app.get('/trusted-devices', (c) =>
    c.json(
      [...state.trustedDevices.values()].map((device) => ({
        sub: device.sub,
        createdAt: sandbox.iso(device.createdAt),
        expiresAt: sandbox.iso(device.expiresAt),
        revoked: device.revoked,
      })),
    ),
  );
  // Revoked: the cookie stays in the browser and names nothing the API trusts any more.
  app.delete('/trusted-devices', (c) => {
    for (const device of state.trustedDevices.values()) device.revoked = true;
    return c.body(null, 204);
  });
  // Expired: as if 30 days had passed since each was issued.
  app.post('/trusted-devices/expire', (c) => {
    for (const device of state.trustedDevices.values()) device.expiresAt = sandbox.now();
    return fromForm(c) ? c.redirect('/_sandbox', 303) : c.json({ ok: true });
  });

  // The security page's sample sessions and passkeys (./sessions.ts), until the next reset.
  app.post('/sessions/sample', (c) => {
    addSample(sandbox);
    return fromForm(c) ? c.redirect('/_sandbox', 303) : c.json({ ok: true });
  });

  app.get('/events', (c) => c.json(state.events));

  app.get('/reports', (c) => c.json(state.reports));

  app.get('/security', (c) => {
    const raw = c.req.query('account') ?? '';
    const key = outboxKey(raw);
    const user =
      state.users.get(raw.trim()) ??
      (key.includes('@') ? userByEmail(sandbox, key) : userByPhone(sandbox, key));
    if (!user) fail(404, { error: 'not_found', error_description: 'Unknown account' });
    return c.json(accountSecurity(sandbox, user));
  });

  app.get('/openapi.json', (c) => c.json(buildOpenApi()));

  app.get('/logo.svg', (c) =>
    c.body(SANDBOX_LOGO_SVG, 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=3600',
    }),
  );

  app.get('/social/:provider', (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'apple' && provider !== 'google') {
      fail(404, { error: 'not_found', error_description: 'Use apple or google' });
    }
    // No opener policy of its own (like the real Apple and Google windows): the sign-in pages
    // that open it allow popups (src/routing/headers.ts, POPUP_OPENER_POLICY), so window.opener
    // still reaches them.
    // The nonce the page asked for (the identity API's), which the tokens carry, as Apple's do.
    const nonce = c.req.query('nonce');
    const bound = nonce !== undefined && NONCE_PATTERN.test(nonce) ? nonce : undefined;
    return c.html(renderSocialPage(sandbox, provider, bound), 200, {
      ...PAGE_HEADERS,
      'Cross-Origin-Opener-Policy': 'unsafe-none',
    });
  });

  return app;
}
