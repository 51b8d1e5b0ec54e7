// @ts-check
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sentry from '@sentry/astro';
import { flags } from './src/integrations/flags.ts';
import { hosting } from './src/integrations/hosting.ts';
import { SDK_CSP } from './src/routing/headers.ts';

// Build-time origins of the real back ends (empty in a sandbox build: everything is same-origin).
const backendOrigins = [
  'PUBLIC_IDENTITY_API_URL',
  'PUBLIC_ONBOARDER_URL',
  'PUBLIC_IDENTITY_GATEWAY_URL',
  'PUBLIC_IDENTITY_SERVICE_URL',
  'PUBLIC_BUSINESS_API_URL',
  'PUBLIC_ANALYTICS_URL',
  'PUBLIC_FLAGS_URL',
  'PUBLIC_SENTRY_INGEST_URL',
]
  .map((name) => process.env[name])
  .filter((value) => value && /^https:\/\//.test(value))
  .map((value) => new URL(/** @type {string} */ (value)).origin);
const identityService = process.env.PUBLIC_IDENTITY_SERVICE_URL;
// A production build loads the social and reCAPTCHA SDKs: the sources their vendors document
// (src/routing/headers.ts, SDK_CSP).
const production = process.env.PUBLIC_SANDBOX === 'false';
const sdkScripts = production ? [...SDK_CSP.script] : [];
const sdkFrames = production ? [...SDK_CSP.frame] : [];
const sdkConnect = production ? [...SDK_CSP.connect] : [];
const sdkStyles = production ? [...SDK_CSP.style] : [];
const formTargets = identityService ? [new URL(identityService).origin] : [];

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

// The contract schemas (src/contract, valibot) are for the sandbox and the OpenAPI document: the
// front end imports only their paths and types, so the schema builders must not reach a page.
const SCHEMA_BUILDERS = [
  'array',
  'boolean',
  'exactOptional',
  'integer',
  'isoTimestamp',
  'literal',
  'looseObject',
  'maxLength',
  'maxValue',
  'minLength',
  'minValue',
  'nullable',
  'number',
  'object',
  'optional',
  'picklist',
  'pipe',
  'record',
  'regex',
  'startsWith',
  'string',
  'union',
  'unknown',
];

// `treeshake.manualPureFunctions` alone drops the unused schema calls but, once the contract
// modules are shared between chunks, rolldown 1.2 still keeps the builders themselves in a shared
// chunk that every island page imports (2.4 KB gzip on /login, measured): a pure annotation on
// each call, seen when the module is parsed, lets it drop them.
// The contract imports the builders by name (`object(...)`) or as a namespace (`v.object(...)`).
const SCHEMA_CALL = new RegExp(
  String.raw`(?<![\w$.]|function\s+)((?:v\.)?(?:${SCHEMA_BUILDERS.join('|')}))\(`,
  'g',
);
/** @type {import('vite').Plugin} */
const pureSchemaCalls = {
  name: 'account:pure-schema-calls',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/.test(id)) return null;
    return { code: code.replace(SCHEMA_CALL, '/* @__PURE__ */ $1('), map: null };
  },
};

// Some libraries bring more than the site uses; in the site's build these imports resolve to a
// module of ours that gives just that (each tested against the library, or by every browser test):
// - ofetch (src/api/client.ts) imports destr, its JSON parser, and two URL helpers of ufo: 1.6 KB
//   gzip on every page that calls a back end, for a parser the client never calls (it reads
//   bodies as text and parses them strictly) and helpers it needs only in their simplest form
//   (src/api/ofetch-deps.ts).
// - @nanostores/react imports nanostores' `listenKeys` for `useStore`'s `keys` option, which
//   follows deep paths and brings the deep map's path helpers: 0.2 KB gzip on every island page
//   (src/ui/store-deps.ts).
// - @astrojs/react's renderer, on the browser side (`@astrojs/react/client.js`, which Astro
//   imports), also renders islands' children and slots, `client:only` islands, Astro's actions
//   and view transitions, none of which the site uses: 0.4 KB gzip on every island page
//   (src/ui/react-renderer.ts).
const SLIM_DEPS = [
  { importer: 'ofetch', sources: ['destr', 'ufo'], to: './src/api/ofetch-deps.ts' },
  { importer: '@nanostores/react', sources: ['nanostores'], to: './src/ui/store-deps.ts' },
  { sources: ['@astrojs/react/client.js'], to: './src/ui/react-renderer.ts' },
].map(({ importer, sources, to }) => ({
  importer: importer ? chunkOf({ packages: [importer] }) : undefined,
  sources,
  to: fileURLToPath(new URL(to, import.meta.url)),
}));
/** @type {import('vite').Plugin} */
const slimDeps = {
  name: 'account:slim-deps',
  enforce: 'pre',
  resolveId(source, importer) {
    const slim = SLIM_DEPS.find(
      (dep) => dep.sources.includes(source) && (!dep.importer || dep.importer.test(importer ?? '')),
    );
    return slim?.to ?? null;
  },
};

// The Sentry SDK is loaded after `load` (src/lib/error-reporting.ts). Vite wraps each static
// `import()` in its preload helper, ~1.3 KB gzip on every page with a DSN since the SDK's chunk
// shares modules with the pages. In the client build, src/lib/error-reporting-load.ts becomes a
// plain `import()` of the SDK's own chunk (emitted here), whose URL Vite does not rewrite; the
// chunk still imports what it shares, when it loads.
const SDK_LOADER = fileURLToPath(new URL('./src/lib/error-reporting-load.ts', import.meta.url));
const SDK_MODULE = fileURLToPath(new URL('./src/lib/error-reporting-sdk.ts', import.meta.url));
/** @type {import('vite').Plugin} */
const lazySdkChunk = {
  name: 'account:lazy-sdk-chunk',
  apply: 'build',
  load(id) {
    if (id !== SDK_LOADER || this.environment.config.consumer !== 'client') return null;
    const ref = this.emitFile({ type: 'chunk', id: SDK_MODULE, name: 'error-reporting-sdk' });
    return `export const loadSdk = () => import(/* @vite-ignore */ import.meta.ROLLUP_FILE_URL_${ref});`;
  },
};

// Vite wraps every `import()` in its preload helper (`__vitePreload`: ~0.9 KB gzip of helper on
// every island page, plus, at each call, the list of the chunks the imported one needs). The
// lazily loaded modules are fetched when the browser is idle (src/lib/later.ts), before anyone
// needs them, and a module's own imports load with it: with `build.modulePreload: false` the lists
// are empty, and the helper is this plain call.
const PRELOAD_HELPER = '\0vite/preload-helper.js';
/** @type {import('vite').Plugin} */
const plainDynamicImports = {
  name: 'account:plain-dynamic-imports',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
};

// The chunk groups (CHUNK_GROUPS, below). A group normally also pulls in its modules'
// dependencies, which would bring React's chunk to the link pages; in the client build it does
// not (which needs entry signatures that may be extended; the server build keeps its own).
/** @type {import('vite').Plugin} */
const clientChunks = {
  name: 'account:client-chunks',
  apply: 'build',
  configEnvironment(name) {
    if (name !== 'client') return null;
    return {
      build: {
        // Also here: the top-level `build.modulePreload` does not reach the client environment,
        // whose chunks then carried a list of dependency paths for every `import()`.
        modulePreload: false,
        rolldownOptions: {
          preserveEntrySignatures: 'allow-extension',
          output: { codeSplitting: { includeDependenciesRecursively: false } },
        },
      },
    };
  },
};

/**
 * A chunk-group test: the modules of `src/` named (paths without extension), the packages named
 * (folders of node_modules) and virtual modules by id.
 * @param {{ src?: string[]; packages?: string[]; ids?: string[] }} modules
 */
function chunkOf({ src = [], packages = [], ids = [] }) {
  const alternatives = [
    ...ids.map(
      (id) => `^${id.replaceAll('\0', '\\0').replaceAll('/', '\\/').replaceAll('.', '\\.')}$`,
    ),
    ...packages.map(
      (name) => String.raw`[\\/]node_modules[\\/]${name.replaceAll('/', String.raw`[\\/]`)}[\\/]`,
    ),
    ...src.map(
      (path) => String.raw`[\\/]src[\\/]${path.replaceAll('/', String.raw`[\\/]`)}\.tsx?$`,
    ),
  ];
  return new RegExp(alternatives.join('|'));
}

// The shared chunks of the client build. Every chunk a page loads costs its own gzip header and
// dictionary, and a module two islands share would otherwise get a chunk of its own: the modules
// used together are grouped, by who loads them. A module named in no group goes where rolldown
// puts it (with its only importer, or in a chunk of its own when several share it).
const CHUNK_GROUPS = [
  // Every island page: React and the pieces of every island (the header's too), the wait notice's
  // live region with them (the deadlines it shows are kept by lib/wait-store, in `waits`).
  {
    name: 'react',
    test: chunkOf({
      packages: [
        'react',
        'react-dom',
        'scheduler',
        '@astrojs/react',
        '@nanostores/react',
        'nanostores/listen-keys',
        'nanostores/deep-map',
      ],
      src: [
        'ui/react-renderer',
        'ui/store-deps',
        'ui/i18n',
        'ui/island',
        'ui/Button',
        'ui/ErrorAlert',
        'ui/ViewHeading',
        'ui/use-query',
        'ui/use-focus-on-change',
        'ui/Form',
        'ui/early-input',
        'ui/Field',
        'ui/BackButton',
        'ui/lazy-view',
        'i18n/rich',
        'i18n/t',
        'contract/shell',
        'lib/persisted',
        'lib/acr-values',
        'lib/csrf',
        'lib/hrefs',
        'stores/client',
        'api/clients',
        'api/analytics',
        'lib/recaptcha-mode',
        'ui/WaitNotice',
      ],
    }),
  },
  // Every page, link pages too (without React): the HTTP client, its failures, the flows' shape.
  {
    name: 'base',
    test: chunkOf({
      ids: [PRELOAD_HELPER],
      packages: ['nanostores/atom'],
      src: [
        'lib/idle',
        'lib/later',
        'lib/patterns',
        'lib/address',
        'lib/redact-text',
        'lib/error-reporting',
        'api/errors',
        'api/client',
        'api/transport-message',
        'api/catalogue',
        'i18n/config',
        'contract/backends',
        'contract/path',
        'config',
        'site-config',
        'stores/flows/create-flow',
      ],
    }),
  },
  // The identity API's paths and headers: with the calls, after the first load of the pages whose
  // first view makes none (sign-in, sign-up); in it where the first view calls (the recovery
  // pages).
  {
    name: 'identity-api',
    test: chunkOf({ src: ['contract/identity-api', 'contract/headers'] }),
  },
  // The phone field (login, sign-up, one-click, recovery; its metadata loads after first paint),
  // and what else the flows of those four pages share: their effects come with the kept waits.
  {
    name: 'phone',
    test: chunkOf({
      src: [
        'lib/digits',
        'lib/phone',
        'lib/last-country',
        'ui/use-start-country',
        'ui/PhoneInput',
        'stores/flows/later-waits',
      ],
    }),
  },
  // What the pages that sign in or up share (login, sign-up, one-click): the browser's deps of
  // their flows and the loader of the server errors' messages.
  {
    name: 'signin',
    test: chunkOf({
      src: ['stores/flows/browser-deps', 'i18n/error-messages'],
    }),
  },
  // The waits of a rate limit (src/stores/flows/waits.ts), their countdown and the deadlines kept
  // across a reload (lib/wait-store), there once a wait is, or with the calls that may meet one
  // (the notice's live region, src/ui/WaitNotice.tsx, comes with the page; the new password's
  // page, which reads a kept wait on its first view, loads this chunk with it).
  {
    name: 'waits',
    test: chunkOf({
      src: [
        'api/waits',
        'stores/flows/waits',
        'lib/wait-store',
        'ui/use-countdown',
        'ui/WaitTimer',
      ],
    }),
  },
  // The password and user-name fields (sign-up, login's challenges, recovery). Not the new
  // password's field: it brings reCAPTCHA (ui/Recaptcha), which would come with this chunk to
  // sign-up's first view (1.4 KB gzip); it goes with the pages that show it.
  {
    name: 'fields',
    test: chunkOf({
      src: ['ui/PasswordField', 'ui/UsernameField'],
    }),
  },
  // reCAPTCHA, which the forms check before they send (login, sign-up, one-click, new password).
  {
    name: 'recaptcha',
    test: chunkOf({ src: ['ui/Recaptcha', 'lib/recaptcha', 'lib/trusted-types'] }),
  },
];

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
        `connect-src 'self'${[...new Set(backendOrigins), ...sdkConnect].map((o) => ` ${o}`).join('')}`,
        `form-action 'self'${formTargets.map((o) => ` ${o}`).join('')}`,
        "base-uri 'none'",
        "object-src 'none'",
        "manifest-src 'self'",
        ...(sdkFrames.length > 0
          ? [/** @type {const} */ (`frame-src ${sdkFrames.join(' ')}`)]
          : []),
        "require-trusted-types-for 'script'",
        'trusted-types account-scripts',
      ],
      scriptDirective: { resources: ["'self'", ...sdkScripts] },
      styleDirective: { resources: ["'self'", ...sdkStyles] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    plugins: [pureSchemaCalls, slimDeps, lazySdkChunk, plainDynamicImports, clientChunks],
    // __SENTRY_DEBUG__: Sentry's flag for its debug logging, dropped from the lazily loaded SDK
    // (20.1 instead of 21.4 KB gzip).
    define: { __SENTRY_RELEASE__: JSON.stringify(sentryRelease), __SENTRY_DEBUG__: 'false' },
    build: {
      modulePreload: false,
      rolldownOptions: {
        treeshake: {
          manualPureFunctions: SCHEMA_BUILDERS.flatMap((name) => [name, `v.${name}`]),
        },
        output: {
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
  },
});
