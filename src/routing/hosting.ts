/**
 * The hosting files every host shares, built from the header rule table (./headers.ts) and the
 * pages' own CSP hashes: a site-wide Content-Security-Policy header and the `_headers` file
 * (Cloudflare Pages and Netlify syntax).
 */
import { createHash } from 'node:crypto';
import { FILE_PATTERNS, type HeaderRule } from './headers.ts';

/** Directives that may only come from a header (browsers ignore them in a meta tag). */
const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/**
 * One policy for the whole site from every page's meta policy: the same directives, with the
 * union of the script and style hashes, plus the header-only directives.
 */
export function mergePolicies(metaPolicies: readonly string[]): string {
  const order: string[] = [];
  const sources = new Map<string, Set<string>>();
  for (const policy of metaPolicies) {
    for (const directive of policy.split(';')) {
      const [name, ...values] = directive.trim().split(/\s+/);
      if (!name) continue;
      if (!sources.has(name)) {
        order.push(name);
        sources.set(name, new Set());
      }
      for (const value of values) sources.get(name)?.add(value);
    }
  }
  const merged = order.map((name) => [name, ...(sources.get(name) ?? [])].join(' '));
  return [...merged, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/**
 * Cloudflare Pages ignores a `_headers` line longer than this (its documented limit: "an
 * individual header ... can have a maximum of 2,000 characters"), and so sends no such header at
 * all: the build fails instead (`renderHeadersFile`).
 */
export const HEADER_LINE_LIMIT = 2000;

const CSP_NAME = 'Content-Security-Policy';
const fitsOneLine = (value: string) => `  ${CSP_NAME}: ${value}`.length <= HEADER_LINE_LIMIT;

/**
 * The site-wide policy as the header carries it. It names no `report-uri` or `report-to`: the
 * browser's report would carry the page's address, a link page's token with it, so violations are
 * reported from the page, scrubbed (src/lib/error-reporting.ts). A policy too long for one
 * `_headers` line (a production build's, with the vendors' sources, the back ends' origins and
 * sixteen inline styles' hashes) becomes two, which the header carries as a list (`A, B`, one
 * `_headers` line each) and browsers enforce both of: its `style-src` on its own, and the rest
 * with `style-src` allowing inline styles, so that together (and with each page's meta policy)
 * inline styles still need their hash.
 */
export function headerPolicy(policy: string): string {
  if (fitsOneLine(policy)) return policy;
  const directives = policy.split(';').map((d) => d.trim());
  const styles = directives.find((d) => d.startsWith('style-src '));
  if (!styles) return policy;
  const sources = styles.split(/\s+/).slice(1);
  const hosts = sources.filter((source) => !/^'sha\d+-/.test(source));
  const rest = directives.map((d) =>
    d === styles ? `style-src ${[...hosts, "'unsafe-inline'"].join(' ')}` : d,
  );
  return `${rest.join('; ')}, ${styles}`;
}

/**
 * The inline scripts and styles of a page that its policy does not hash (so it would block them):
 * none, in a build that works. Data blocks (`type` JSON) are not run and need no hash.
 */
export function unhashedInline(html: string, policy: string): string[] {
  const sources = (name: string) =>
    new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(policy)?.[1]?.split(/\s+/) ?? [];
  const allowed = { script: sources('script-src'), style: sources('style-src') };
  const missing: string[] = [];
  for (const match of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    const [, tag = '', attributes = '', body = ''] = match;
    if (tag === 'script' && /\ssrc=|\stype="application\/(ld\+)?json"/.test(attributes)) continue;
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    if (!allowed[tag as 'script' | 'style'].includes(hash))
      missing.push(`<${tag}> ${body.slice(0, 60)}`);
  }
  return missing;
}

/** Reads the content of `<meta http-equiv="content-security-policy" content="...">`. */
export function metaPolicy(html: string): string | undefined {
  const match = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(html);
  return match?.[1]
    ?.replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * Cloudflare's and Netlify's `_headers`. Both apply every matching rule in order, but differ where
 * two rules set one header: Cloudflare joins the values with a comma (so `same-origin,
 * same-origin-allow-popups`, which browsers drop), Netlify keeps the later one. So every rule
 * after the first detaches (`! Name`, which Cloudflare honours and Netlify skips as a line without
 * a colon) each header it sets: on both hosts the later value replaces the earlier one.
 */
export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((rule, index) => {
    const lines = Object.entries(rule.headers).flatMap(([name, value]) => [
      ...(index > 0 ? [`  ! ${name}`] : []),
      // A list of policies, one line each (both hosts join the lines of one header with ', ').
      ...(name === CSP_NAME ? value.split(', ') : [value]).map((part) => `  ${name}: ${part}`),
    ]);
    const long = lines.find((line) => line.length > HEADER_LINE_LIMIT);
    if (long) {
      throw new Error(
        `_headers line of ${long.length} characters (Cloudflare ignores lines over ${HEADER_LINE_LIMIT}): ${long.slice(0, 80)}...`,
      );
    }
    return [rule.pattern, ...lines].join('\n');
  });
  return `# Generated by the build from src/routing/hosting.ts. Do not edit.\n${blocks.join('\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { pattern: string; headers: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#') || line.trim().startsWith('!')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    const current = rules.at(-1);
    if (current && colon > 0) {
      // A header given twice in a rule: its values joined, as Cloudflare and Netlify do.
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      const before = current.headers[name];
      current.headers[name] = before === undefined ? value : `${before}, ${value}`;
    }
  }
  return rules;
}

/**
 * Cloudflare Pages' `_routes.json`: the addresses that run the functions (functions/). Every one
 * but the files (hashed assets and public/), which the door's middleware never moves and which
 * would pay for an invocation each.
 */
export function renderCloudflareRoutes(): string {
  const routes = { version: 1, include: ['/*'], exclude: FILE_PATTERNS };
  return `${JSON.stringify(routes, null, 2)}\n`;
}
