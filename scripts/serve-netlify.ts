/**
 * Serves dist/ with Netlify's local runtime, for the end-to-end run against Netlify: Netlify's own
 * packages read and apply the shipped rules (`@netlify/redirects`: `_redirects` and netlify.toml
 * through Netlify's redirect engine, query conditions and file shadowing included;
 * `@netlify/headers`: `_headers`; `@netlify/static`: the files), put together in the order of
 * Netlify's dev server. The edge functions that netlify.toml declares (`[[edge_functions]]`, its
 * `path` and `excludedPath`) run first, as on Netlify, here in Node rather than in Deno: the same
 * module, handed the request and a `context.next()` that serves the rest. (netlify-cli's `netlify dev` runs the same engine, and adds ~560 MB and
 * four minutes to a fresh `npm install`: see README, Deploying.) The back ends and the sandbox
 * control API are proxied to the sandbox server (SANDBOX_PORT) by rules put before the shipped
 * ones. Runs until stopped. Env: PORT (default 4393), SANDBOX_PORT (4399).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { listen } from '../sandbox/serve.ts';
import { HeadersHandler } from '@netlify/headers';
import { RedirectsHandler } from '@netlify/redirects';
import { StaticHandler } from '@netlify/static';

const PORT = Number(process.env['PORT'] ?? 4393);
const SANDBOX_PORT = Number(process.env['SANDBOX_PORT'] ?? 4399);
const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');

/** The shipped netlify.toml with rules proxying the sandbox's paths put first. */
export function adaptNetlifyToml(toml: string, sandboxPort: number): string {
  const proxies = ['/_be', '/_sandbox'].flatMap((prefix) =>
    [prefix, `${prefix}/*`].map((from) =>
      [
        '[[redirects]]',
        `from = "${from}"`,
        `to = "http://127.0.0.1:${sandboxPort}${from.replace('*', ':splat')}"`,
        'status = 200',
        'force = true',
      ].join('\n'),
    ),
  );
  const first = toml.indexOf('[[redirects]]');
  if (first < 0) throw new Error('netlify.toml has no redirects');
  return `${toml.slice(0, first)}${proxies.join('\n\n')}\n\n${toml.slice(first)}`;
}

const dir = mkdtempSync(join(tmpdir(), 'account-netlify-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const configPath = join(dir, 'netlify.toml');
writeFileSync(
  configPath,
  adaptNetlifyToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8'), SANDBOX_PORT),
);

interface EdgeDeclaration {
  readonly function: string;
  readonly path: string;
  readonly excludedPath?: string | readonly string[];
}
type EdgeFunction = (
  request: Request,
  context: { next: () => Promise<Response> },
) => Promise<Response | undefined>;

/** netlify.toml's edge functions, each with the URL patterns it runs on and is kept from. */
async function edgeFunctions(toml: string) {
  const declared = (parse(toml)['edge_functions'] ?? []) as unknown as EdgeDeclaration[];
  return Promise.all(
    declared.map(async (declaration) => {
      const module = (await import(
        join(ROOT, 'netlify/edge-functions', `${declaration.function}.ts`)
      )) as { default: EdgeFunction };
      const excluded = [declaration.excludedPath ?? []].flat();
      return {
        run: module.default,
        matches: (url: URL) =>
          new URLPattern({ pathname: declaration.path }).test(url) &&
          !excluded.some((pathname) => new URLPattern({ pathname }).test(url)),
      };
    }),
  );
}
const edges = await edgeFunctions(readFileSync(configPath, 'utf8'));

const files = new StaticHandler({ directory: DIST });
const headers = new HeadersHandler({
  configPath,
  projectDir: dir,
  publishDir: DIST,
  logger: console,
});
const redirects = new RedirectsHandler({
  configPath,
  configRedirects: [],
  projectDir: dir,
  publicDir: DIST,
  jwtRoleClaim: '',
  jwtSecret: '',
});

/** A file of the site with the header rules of its path (the rewrite target's, after a rewrite). */
async function serveFile(request: Request, status = 200): Promise<Response | undefined> {
  const file = await files.match(request);
  if (!file) return undefined;
  const response = await file.handle();
  await headers.apply(request, response);
  return status === 200
    ? response
    : new Response(response.body, { status, headers: response.headers });
}

async function proxy(request: Request, target: URL): Promise<Response> {
  const body = ['GET', 'HEAD'].includes(request.method) ? null : await request.arrayBuffer();
  return fetch(target, {
    method: request.method,
    headers: request.headers,
    body,
    redirect: 'manual',
  });
}

/** The static layer: redirects and rewrites, the files, the headers. */
async function serveSite(request: Request): Promise<Response> {
  const rule = await redirects.match(request);
  // Shadowing: a file at the address wins over a rule that is not forced.
  if (!rule?.force) {
    const file = await serveFile(request);
    if (file) return file;
  }
  if (rule?.external) return proxy(request, rule.target);
  if (rule?.redirect) return Response.redirect(rule.target, rule.statusCode);
  if (rule) {
    const target = await serveFile(new Request(rule.target, request), rule.statusCode);
    if (target) return target;
  }
  return new Response('Not found', { status: 404 });
}

/** The edge functions first, in their declared order, each handing on to the next layer. */
function serveEdge(request: Request, index = 0): Promise<Response> {
  const url = new URL(request.url);
  const at = edges.findIndex((edge, i) => i >= index && edge.matches(url));
  const edge = edges[at];
  if (!edge) return serveSite(request);
  const next = () => serveEdge(request, at + 1);
  return edge.run(request, { next }).then((response) => response ?? next());
}

const server = listen({
  port: PORT,
  hostname: '127.0.0.1',
  fetch: (request) => serveEdge(request),
});
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
