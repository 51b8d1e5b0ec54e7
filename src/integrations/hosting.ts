/**
 * Astro integration: after the build, writes the hosting files into dist/: `_headers` (with the
 * site-wide CSP built from every page's hashes) and `_redirects` (the token rewrites), which
 * Cloudflare Pages and Netlify read, Cloudflare's `_routes.json` (the addresses its functions run
 * on), and the nginx header snippet `_nginx/headers.conf` that deploy/nginx.conf includes. (netlify.toml, wrangler.toml and functions/ hold no build output
 * and are committed.)
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { headerRules } from '../routing/headers.ts';
import {
  headerPolicy,
  mergePolicies,
  metaPolicy,
  renderCloudflareRoutes,
  renderHeadersFile,
  unhashedInline,
} from '../routing/hosting.ts';
import { renderNginxHeaders } from '../routing/nginx.ts';
import { renderRedirectsFile } from '../routing/rewrites.ts';

const ISLAND_STYLE =
  /<style>astro-island,astro-slot,astro-static-slot\{display:contents\}<\/style>/;

/**
 * Astro writes the island display rule where the first island is, inside <body>, which is not
 * valid HTML; it belongs in <head>. Its CSP hash does not depend on where it stands.
 */
export function moveIslandStyle(html: string): string {
  const style = ISLAND_STYLE.exec(html)?.[0];
  if (!style || html.indexOf(style) < html.indexOf('</head>')) return html;
  return html.replace(style, '').replace('</head>', `${style}</head>`);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

export function hosting(): AstroIntegration {
  return {
    name: 'account-hosting',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const policies: string[] = [];
        for (const file of await htmlFiles(root)) {
          const html = moveIslandStyle(await readFile(file, 'utf8'));
          await writeFile(file, html);
          const policy = metaPolicy(html);
          if (!policy) throw new Error(`${file} has no Content-Security-Policy meta tag`);
          const unhashed = unhashedInline(html, policy);
          if (unhashed.length > 0) {
            throw new Error(`${file}: inline code its CSP would block: ${unhashed.join('; ')}`);
          }
          policies.push(policy);
        }
        const rules = headerRules(headerPolicy(mergePolicies(policies)));
        await writeFile(join(root, '_headers'), renderHeadersFile(rules));
        await writeFile(join(root, '_redirects'), renderRedirectsFile());
        await writeFile(join(root, '_routes.json'), renderCloudflareRoutes());
        await mkdir(join(root, '_nginx'), { recursive: true });
        await writeFile(join(root, '_nginx', 'headers.conf'), renderNginxHeaders(rules));
        logger.info(`hosting files written from ${policies.length} pages`);
      },
    },
  };
}
