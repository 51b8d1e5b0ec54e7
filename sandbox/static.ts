/**
 * Serves the built site (`dist/`) the way the CDN does: the file if it exists (`path`,
 * `path/index.html`, `path.html`), else the rewrite of src/routing/rewrites.ts (200 or 404 with
 * that file); the headers of the built `_headers` file (with the site's CSP) on every response,
 * or `headersFor(pathname)` when there is none; gzip when the client accepts it. The hosting
 * files themselves are not served. A page asked in another language than its address's moves there
 * first (language at the door, src/routing/door.ts), as a host's edge does.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { headersFor, headersForPath, type HeaderRule } from '../src/routing/headers.ts';
import { parseHeadersFile } from '../src/routing/hosting.ts';
import { doorAnswer, doorMoveHeaders } from '../src/routing/door.ts';
import { findRewrite } from '../src/routing/rewrites.ts';
import { pageFile } from '../src/routing/routes.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

interface Loaded {
  body: Buffer;
  gzip?: Buffer;
  mtimeMs: number;
}

export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function createSiteHandler(distDir: string) {
  const root = resolve(distDir);
  const cache = new Map<string, Loaded>();

  /** The absolute file for a site path, if it is a regular file inside the root. */
  async function fileAt(sitePath: string): Promise<string | undefined> {
    const file = resolve(join(root, sitePath));
    if (file !== root && !file.startsWith(root + sep)) return undefined;
    try {
      return (await stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async function load(file: string): Promise<Loaded> {
    const info = await stat(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached;
    const loaded: Loaded = { body: await readFile(file), mtimeMs: info.mtimeMs };
    cache.set(file, loaded);
    return loaded;
  }

  let headerFile: { mtimeMs: number; rules: HeaderRule[] } | undefined;

  /** The built `_headers` rules (re-read after a rebuild), or undefined without a build. */
  async function headerRules(): Promise<HeaderRule[] | undefined> {
    const file = join(root, '_headers');
    try {
      const info = await stat(file);
      if (headerFile?.mtimeMs !== info.mtimeMs) {
        headerFile = {
          mtimeMs: info.mtimeMs,
          rules: parseHeadersFile(await readFile(file, 'utf8')),
        };
      }
      return headerFile.rules;
    } catch {
      return undefined;
    }
  }

  async function siteHeaders(pathname: string): Promise<Record<string, string>> {
    const rules = await headerRules();
    return rules ? headersForPath(rules, pathname) : headersFor(pathname);
  }

  async function respond(
    c: Context,
    pathname: string,
    file: string,
    status: 200 | 404,
    vary: readonly string[] = [],
  ): Promise<Response> {
    const loaded = await load(file);
    const type = contentTypeOf(file);
    const headers: Record<string, string> = {
      ...(await siteHeaders(pathname)),
      'Content-Type': type,
      Vary: ['Accept-Encoding', ...vary].join(', '),
    };
    let body = loaded.body;
    const wantsGzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '');
    if (wantsGzip && COMPRESSIBLE.test(type) && loaded.body.length > 256) {
      loaded.gzip ??= gzipSync(loaded.body);
      body = loaded.gzip;
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(body.length);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }

  return async function serveSite(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      return c.text('Method Not Allowed', 405, { ...headersFor(url.pathname), Allow: 'GET, HEAD' });
    }
    const door = doorAnswer({
      url,
      cookie: c.req.header('cookie'),
      acceptLanguage: c.req.header('accept-language'),
    });
    if (door?.location) {
      return new Response(null, { status: 302, headers: doorMoveHeaders(door) });
    }
    const vary = door?.vary ?? [];
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = url.pathname;
    }
    const hostingFile = /^\/(_headers|_redirects|_routes\.json|_nginx)(\/|$)/.test(pathname);
    const safe = !hostingFile && !pathname.includes('\0') && !pathname.split('/').includes('..');
    if (safe) {
      const candidates = pathname.endsWith('/')
        ? [`${pathname}index.html`]
        : [pathname, `${pathname}/index.html`, `${pathname}.html`];
      for (const candidate of candidates) {
        const file = await fileAt(candidate);
        if (file) return respond(c, url.pathname, file, 200, vary);
      }
    }
    const rule = findRewrite(url.pathname, url.searchParams);
    const file = rule ? await fileAt(pageFile(rule.to)) : undefined;
    // A 404 carries the headers of the page that answers it (never stored), as on every host.
    if (rule && file) {
      const page = rule.status === 404 ? pageFile(rule.to) : url.pathname;
      return respond(c, page, file, rule.status, vary);
    }
    return c.text(
      'Not found. Build the site first (npm run build), or set DIST_DIR.',
      404,
      headersFor(url.pathname),
    );
  };
}
