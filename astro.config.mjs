// @ts-check
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sentry from '@sentry/astro';
import { bundling } from './src/integrations/bundling.ts';
import { readBuildEnv } from './src/integrations/build-env.ts';
import { flags } from './src/integrations/flags.ts';
import { hosting } from './src/integrations/hosting.ts';
import { SDK_CSP } from './src/routing/headers.ts';
import { EARLY_INPUT_SCRIPT } from './src/ui/early-input-script.ts';

// The build's environment, checked before anything is built (a production build without its back
// ends, or with an http: one, fails here naming the variable): src/integrations/build-env.ts.
const build = readBuildEnv(process.env);
// A production build talks to its back ends on their origins and loads the social and reCAPTCHA
// SDKs: the sources their vendors document (src/routing/headers.ts, SDK_CSP). A sandbox build's
// back ends are on its own origin.
const { production } = build;
const connectOrigins = [
  ...new Set([
    ...Object.values(build.backendOrigins ?? {}),
    ...(build.errorReporting ? [build.errorReporting.ingestOrigin] : []),
  ]),
];
const sdkScripts = production ? [...SDK_CSP.script] : [];
const sdkFrames = production ? [...SDK_CSP.frame] : [];
const sdkConnect = production ? [...SDK_CSP.connect] : [];
const sdkStyles = production ? [...SDK_CSP.style] : [];
const sdkPolicies = production ? [...SDK_CSP.trustedTypes] : [];
const formTargets = build.backendOrigins ? [build.backendOrigins.identityService] : [];

// Error reporting, @sentry/astro. With a DSN, every page gets the integration's client init file,
// src/lib/error-reporting-init.ts, which holds no Sentry code: the SDK is loaded after `load`
// (src/lib/error-reporting.ts). Nothing of Sentry runs at build time or on a server.
// Source maps are uploaded when the build also has SENTRY_AUTH_TOKEN (with SENTRY_ORG and
// SENTRY_PROJECT), by release and URL: Sentry's default (debug IDs) would add a snippet of its
// code to every chunk, so it is off, as is the injection of the release into the entry chunks;
// the lazily loaded SDK reports the release itself (__SENTRY_RELEASE__). The maps are hidden (no
// sourceMappingURL comment) and deleted from dist/ once uploaded.
const sentryDsn = process.env.PUBLIC_SENTRY_DSN ?? '';
const sentryUpload = Boolean(sentryDsn && process.env.SENTRY_AUTH_TOKEN);
const sentryRelease = sentryUpload ? process.env.SENTRY_RELEASE || gitCommit() : '';

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('Uploading source maps needs SENTRY_RELEASE or a git checkout');
  }
}

const errorReporting = sentry({
  enabled: { client: Boolean(sentryDsn), server: false },
  clientInitPath: 'src/lib/error-reporting-init.ts',
  telemetry: false,
  sourcemaps: { disable: !sentryUpload, filesToDeleteAfterUpload: ['./dist/**/*.map'] },
  unstable_sentryVitePluginOptions: {
    sourcemaps: { disable: true },
    release: {
      name: sentryRelease,
      inject: false,
      uploadLegacySourcemaps: { paths: ['./dist/_astro'], urlPrefix: '~/_astro' },
    },
  },
});

export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'preserve', inlineStylesheets: 'always' },
  i18n: {
    locales: ['en', 'ar', 'ur', 'fr', 'ckb'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react(), flags(), hosting(), errorReporting],
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'none'",
        "img-src 'self' https: data:",
        "font-src 'self'",
        `connect-src 'self'${[...connectOrigins, ...sdkConnect].map((o) => ` ${o}`).join('')}`,
        `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
        "base-uri 'none'",
        "object-src 'none'",
        "manifest-src 'self'",
        ...(sdkFrames.length > 0
          ? [/** @type {const} */ (`frame-src ${sdkFrames.join(' ')}`)]
          : []),
        "require-trusted-types-for 'script'",
        `trusted-types account-scripts${sdkPolicies.map((name) => ` ${name}`).join('')}`,
      ],
      scriptDirective: {
        resources: ["'self'", ...sdkScripts],
        // The one inline script of ours: it keeps what is pressed before hydration.
        hashes: [`sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}`],
      },
      styleDirective: { resources: ["'self'", ...sdkStyles] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: bundling,
    // __SENTRY_DEBUG__: Sentry's flag for its debug logging, dropped from the lazily loaded SDK
    // (20.1 instead of 21.4 KB gzip).
    define: { __SENTRY_RELEASE__: JSON.stringify(sentryRelease), __SENTRY_DEBUG__: 'false' },
  },
});
