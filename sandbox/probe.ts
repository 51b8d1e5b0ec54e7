/**
 * The page probe of the engine smoke (tests/engines/), off unless the sandbox starts with
 * `SANDBOX_PROBE=1`: every HTML answer gets `<script src="/_sandbox/probe.js">` right after
 * `<head>`, before any script of the page. WebKit's classic WebDriver has no preload scripts and
 * no page-error or CSP events, so the page records its own: uncaught errors, unhandled rejections
 * and Content-Security-Policy violations (Trusted Types included) go to session storage, which
 * survives the page's own navigations and which the smoke reads. A same-origin external script
 * passes the site's CSP (`script-src 'self'`) and needs no Trusted Types policy; the built pages
 * are not changed.
 */
import { gunzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export const PROBE_PATH = '/_sandbox/probe.js';
/** The session-storage key of the recorded problems (a JSON array of strings). */
export const PROBE_KEY = 'sandbox:probe';

const PROBE_SCRIPT = `(() => {
  const key = ${JSON.stringify(PROBE_KEY)};
  // An empty record says the probe ran: the smoke fails on a page it did not reach.
  try {
    if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, '[]');
  } catch {}
  const record = (kind, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || '[]');
      list.push(kind + ': ' + text + ' (' + location.pathname + ')');
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {}
  };
  addEventListener('error', (e) =>
    record('page error', (e.message || String(e.error)) + ' at ' + e.filename + ':' + e.lineno));
  addEventListener('unhandledrejection', (e) => record('unhandled rejection', String(e.reason)));
  addEventListener('securitypolicyviolation', (e) =>
    record('policy violation', e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '')),
    true);
})();
`;

const TAG = `<script src="${PROBE_PATH}"></script>`;

/** The page with the probe as the first thing in its `<head>` (or first of all without one). */
export function injectProbe(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  const at = head ? head.index + head[0].length : (doctype?.[0].length ?? 0);
  return html.slice(0, at) + TAG + html.slice(at);
}

/** The answer with the probe in it when it is an HTML page. */
async function withProbe(res: Response, method: string): Promise<Response> {
  if (method === 'HEAD' || !/^text\/html/i.test(res.headers.get('content-type') ?? '')) return res;
  const raw = Buffer.from(await res.arrayBuffer());
  const gzipped = res.headers.get('content-encoding') === 'gzip';
  const html = injectProbe((gzipped ? gunzipSync(raw) : raw).toString('utf8'));
  const headers = new Headers(res.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(html, { status: res.status, statusText: res.statusText, headers });
}

/** Serves the probe and puts it into every HTML answer (the site's and the sandbox's own). */
export function probeInjector(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === PROBE_PATH) {
      return c.body(PROBE_SCRIPT, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    }
    await next();
    const res = await withProbe(c.res, c.req.method);
    if (res !== c.res) {
      // Unset first: Hono would copy the old answer's headers (its length) onto the new one.
      c.res = undefined;
      c.res = res;
    }
    return undefined;
  };
}
