/**
 * The client init file of the @sentry/astro integration (astro.config.mjs, `clientInitPath`),
 * which puts it on every page when the build has a Sentry DSN. It holds no Sentry code: it only
 * starts error reporting, which loads the SDK after the page's `load` event, when the browser is
 * idle (src/lib/error-reporting.ts).
 */
import { startErrorReporting } from './error-reporting.ts';

startErrorReporting();
