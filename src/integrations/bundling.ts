/**
 * How the client build is cut and trimmed (astro.config.mjs hands Vite `bundling`), each part
 * checked by tests/unit/integrations/bundling.test.ts:
 *
 * - `pureSchemaCalls`: the contract's schema builders never reach a page;
 * - `reactRenderer`: the islands hydrate through src/ui/react-renderer.ts;
 * - `lazySdkChunk`: the Sentry SDK is a plain `import()` of its own chunk;
 * - `plainDynamicImports`: no preload helper around `import()`;
 * - `chunkGroups`: the shared chunks, named by who loads them (`CHUNK_GROUPS`);
 * - `catalogChunks`: the later views' messages, one chunk a language (./catalog-chunks.ts);
 * - `regionNames`: the phone picker's country names, one chunk a language (./region-names.ts);
 * - `compileHint`: the island runtime's chunk compiled whole, off the main thread, as it loads.
 *
 * The sizes they keep are measured by `npm run bench`; docs/architecture.md says what each saves.
 */
import { fileURLToPath } from 'node:url';
import type { BuildEnvironmentOptions, EnvironmentOptions, Plugin } from 'vite';
import { catalogChunks } from './catalog-chunks.ts';
import { regionNames } from './region-names.ts';

// The contract schemas (src/contract, valibot) are for the sandbox and the OpenAPI document: the
// front end imports only their paths and types, so the schema builders must not reach a page.
export const SCHEMA_BUILDERS = [
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
const CONTRACT_FILE = /[\\/]src[\\/]contract[\\/][^\\/]+\.ts$/;

/** A contract module's schema builder calls, each annotated pure. */
export function annotateSchemaCalls(code: string): string {
  return code.replace(SCHEMA_CALL, '/* @__PURE__ */ $1(');
}

const pureSchemaCalls: Plugin = {
  name: 'account:pure-schema-calls',
  enforce: 'pre',
  transform(code, id) {
    if (!CONTRACT_FILE.test(id)) return null;
    return { code: annotateSchemaCalls(code), map: null };
  },
};

// @astrojs/react's browser side (`@astrojs/react/client.js`, which Astro imports for every island)
// also renders islands' children and slots, `client:only` islands, Astro's actions and view
// transitions, none of which the site uses: src/ui/react-renderer.ts hydrates a `client:load`
// island into its pre-rendered HTML, 0.5 KB gzip less on every island page. The library is pinned
// and its file fingerprinted by the unit test.
export const UPSTREAM_RENDERER = '@astrojs/react/client.js';
const RENDERER = fileURLToPath(new URL('../ui/react-renderer.ts', import.meta.url));
const reactRenderer: Plugin = {
  name: 'account:react-renderer',
  enforce: 'pre',
  resolveId: (source) => (source === UPSTREAM_RENDERER ? RENDERER : null),
};

// The Sentry SDK is loaded after `load` (src/lib/error-reporting.ts). Vite wraps each static
// `import()` in its preload helper, ~1.3 KB gzip on every page with a DSN since the SDK's chunk
// shares modules with the pages. In the client build, src/lib/error-reporting-load.ts becomes a
// plain `import()` of the SDK's own chunk (emitted here), whose URL Vite does not rewrite; the
// chunk still imports what it shares, when it loads.
const SDK_LOADER = fileURLToPath(new URL('../lib/error-reporting-load.ts', import.meta.url));
const SDK_MODULE = fileURLToPath(new URL('../lib/error-reporting-sdk.ts', import.meta.url));
const lazySdkChunk: Plugin = {
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
// are empty, and the helper is this plain call. Vite's name for the helper (its virtual id) is
// checked by the unit test.
export const PRELOAD_HELPER = '\0vite/preload-helper.js';
const plainDynamicImports: Plugin = {
  name: 'account:plain-dynamic-imports',
  apply: 'build',
  enforce: 'pre',
  resolveId: (id) => (id === PRELOAD_HELPER ? id : null),
  load: (id) => (id === PRELOAD_HELPER ? 'export const __vitePreload = (load) => load();' : null),
};

/** A chunk group: the modules of `src/` (paths without extension), packages (folders of node_modules), virtual ids. */
export interface ChunkGroup {
  name: string;
  src?: readonly string[];
  packages?: readonly string[];
  ids?: readonly string[];
}

// The shared chunks of the client build. Every chunk a page loads costs its own gzip header and
// dictionary, and a module two islands share would otherwise get a chunk of its own: the modules
// used together are grouped, by who loads them. A module named in no group goes where rolldown
// puts it (with its only importer, or in a chunk of its own when several share it). A module in
// a group brings the whole group's chunk to every page that imports it. Without these groups,
// /login and /signup/ carried 3.5 KB more; grouped by rolldown's own rules (`entriesAware`,
// `$initial`), 2.7 KB more (measured with `npm run bench -- --no-ready`).
export const CHUNK_GROUPS: readonly ChunkGroup[] = [
  // Every island page: React, the island runtime, what every island shares, analytics.
  {
    name: 'react',
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
      'ui/i18n',
      'ui/island',
      'ui/Button',
      'ui/ErrorAlert',
      'ui/ViewHeading',
      'ui/use-query',
      'ui/use-focus-on-change',
      'ui/Form',
      'ui/early-input',
      'ui/early-input-script',
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
      'lib/recaptcha-mode',
      'lib/analytics',
      'lib/device',
      'stores/client',
      'api/clients',
      'api/analytics',
    ],
  },
  // Every page, link pages too (without React): the HTTP client, its failures, the flows' shape.
  {
    name: 'base',
    ids: [PRELOAD_HELPER],
    packages: ['nanostores/atom'],
    src: [
      'lib/idle',
      'lib/later',
      'lib/web-storage',
      'lib/patterns',
      'lib/address',
      'lib/redact-text',
      'lib/error-reporting',
      'api/errors',
      'api/client',
      'api/transport-message',
      'i18n/config',
      'contract/backends',
      'contract/path',
      'config',
      'site-config',
      'stores/flows/create-flow',
    ],
  },
  // What the sign-in forms share (login, sign-up, one-click, recovery; the new password takes it
  // for its waits): the phone field (its metadata loads after first paint), the waits of a rate
  // limit, the identity API's paths and headers, the error catalogue. Not the loader of the login's
  // and sign-up's later views and messages (ui/later-views), which goes in a chunk of its own: in
  // this one it came to one-click and recovery, which do not use it (0.1 KB gzip each).
  {
    name: 'signin',
    src: [
      'lib/digits',
      'lib/phone',
      'lib/last-country',
      'lib/default-country',
      'lib/wait-store',
      'ui/use-start-country',
      'ui/PhoneInput',
      'ui/WaitNotice',
      'ui/WaitTimer',
      'ui/use-countdown',
      'stores/flows/browser-deps',
      'stores/flows/waits',
      'api/waits',
      'api/error-catalogue',
      'api/identity-headers',
      'contract/identity-api',
      'contract/headers',
    ],
  },
  // The identity service's addresses and its errors' page addresses, used together by the login,
  // the invitation and the signed-in pages: one chunk, not two (0.1 KB gzip on /login).
  { name: 'identity-service', src: ['contract/identity-service', 'lib/identity-service'] },
  // The password and user-name fields (sign-up, login's challenges, recovery). Not the new
  // password's field: it brings reCAPTCHA (ui/Recaptcha), which would come with this chunk to
  // sign-up's first view (1.4 KB gzip); it goes with the pages that show it.
  { name: 'fields', src: ['ui/PasswordField', 'ui/UsernameField'] },
  // reCAPTCHA, which the forms check before they send (login, sign-up, one-click, new password).
  { name: 'recaptcha', src: ['ui/Recaptcha', 'lib/recaptcha', 'lib/trusted-types'] },
];

const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, String.raw`\$&`);
const separator = String.raw`[\\/]`;

/** The test of a group: its modules of `src/`, its packages' files, its virtual ids. */
export function chunkTest({ src = [], packages = [], ids = [] }: ChunkGroup): RegExp {
  const alternatives = [
    ...ids.map((id) => `^${escape(id)}$`),
    ...packages.map(
      (name) =>
        `${separator}node_modules${separator}${name.split('/').map(escape).join(separator)}${separator}`,
    ),
    ...src.map(
      (path) =>
        String.raw`${separator}src${separator}${path.split('/').map(escape).join(separator)}\.tsx?$`,
    ),
  ];
  return new RegExp(alternatives.join('|'));
}

/** Build options for the client environment (the browser's chunks) alone. */
function forClient(build: BuildEnvironmentOptions): (name: string) => EnvironmentOptions | null {
  return (name) => (name === 'client' ? { build } : null);
}

// A group normally also pulls in its modules' dependencies, which would bring React's chunk to
// the link pages; in the client build it does not (which needs entry signatures that may be
// extended; the server build keeps its own).
const chunkGroups: Plugin = {
  name: 'account:chunk-groups',
  apply: 'build',
  configEnvironment: forClient({
    // Also here: the top-level `build.modulePreload` does not reach the client environment,
    // whose chunks then carried a list of dependency paths for every `import()`.
    modulePreload: false,
    rolldownOptions: {
      preserveEntrySignatures: 'allow-extension',
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: CHUNK_GROUPS.map((group) => ({ name: group.name, test: chunkTest(group) })),
        },
      },
    },
  }),
};

// V8 compiles a function when it is first called, on the main thread, unless the file asks for
// all of its functions at once (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; other
// engines ignore the comment): then the whole file is compiled on a background thread while it
// streams in. The chunk of the island runtime (React, react-dom and what every island shares) is
// nearly all called by the first hydration: with the hint, the main thread's compiling on
// /login and /ar/login fell from about 460 to 275 ms at 4x CPU slowdown (medians of 6 loads
// each, docs/figures.md). It costs 48 bytes gzip of first load (the chunk's name also changes in
// its importers). Hinting every first-load chunk took about 90 ms more off, for bytes /signup/
// does not have under its ceiling; the chunks loaded later keep the lazy compiling that suits code
// only partly run. Checked on the served chunk by tests/e2e/compile-hint.spec.ts.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compileHint: Plugin = {
  name: 'account:compile-hint',
  apply: 'build',
  configEnvironment: forClient({
    rolldownOptions: {
      output: {
        // After minification, which would drop a comment added earlier.
        postBanner: (chunk) => (chunk.facadeModuleId === RENDERER ? COMPILE_HINT : ''),
      },
    },
  }),
};

/** Every plugin of this file, and the build options they need. */
export const bundling: Plugin[] = [
  pureSchemaCalls,
  reactRenderer,
  lazySdkChunk,
  plainDynamicImports,
  chunkGroups,
  catalogChunks,
  regionNames,
  compileHint,
  {
    name: 'account:bundling-options',
    config: () => ({
      build: {
        modulePreload: false,
        rolldownOptions: {
          treeshake: {
            manualPureFunctions: SCHEMA_BUILDERS.flatMap((name) => [name, `v.${name}`]),
          },
        },
      },
    }),
  },
];
