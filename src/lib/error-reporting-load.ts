/**
 * Loads the Sentry SDK module (src/lib/error-reporting-sdk.ts). In the site's build this file is
 * replaced (astro.config.mjs, `lazySdkChunk`) by a plain `import()` of the SDK's own chunk URL:
 * Vite wraps every static `import()` in its preload helper, which would put ~1.3 KB gzip of
 * helper and dependency list into the first-load JS of every page.
 */
export const loadSdk = () => import('./error-reporting-sdk.ts');
