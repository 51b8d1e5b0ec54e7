/**
 * The page guard can fail in the production topology too (./fixtures.ts, `pageGuards`: the
 * sandbox project's `watchPage` with the topology's first party, `productionParty`): on a page
 * watched as every test's pages are, a `console.error`, an uncaught error, a back end's call that
 * the browser refuses for CORS and an asset of the site that answers 404 are caught; what is not
 * a problem (a back end's 4xx, a vendor's missing image) and what the test declares (a second
 * refused call, through `corsRefusal`, a console line, an error) are not.
 * (tests/e2e/guard-check.spec.ts checks each kind of problem in the sandbox build.)
 * Shown to fail: with the back ends' origins counted as third party in `productionParty`, the
 * refused call's failure was missing; with the declarations ignored, the declared ones were caught.
 */
import { SANDBOX_PREFIX } from '../../src/contract/backends.ts';
import { watchPage, type Provoked } from '../e2e/fixtures.ts';
import { corsRefusal, expect, productionParty, test } from './fixtures.ts';

test('a console error, a refused call and a missing asset are caught; declared ones are not', async ({
  browser,
  topology,
  sandbox,
}) => {
  const api = topology.backends.identityApi;
  // The preflights of two of the identity API's calls refused (as the topology's fault tests do).
  for (const path of ['/login/phone', '/login/email']) {
    await sandbox.fault({
      method: 'OPTIONS',
      path: `${SANDBOX_PREFIX.identityApi}${path}`,
      status: 403,
    });
  }
  const declared: Provoked[] = [
    corsRefusal(topology, `${api}/login/email`),
    { console: /^declared line$/, errors: /^declared error$/ },
  ];
  const context = await browser.newContext({ baseURL: topology.site, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const problems: string[] = [];
  watchPage(
    page,
    productionParty(topology),
    (kind, text) => declared.some((what) => what[kind]?.test(text) === true),
    problems,
    [],
  );
  // The page's time stopped: /session_unknown moves to /login after 2 s, whose own calls would
  // add to what is caught.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/session_unknown');
  await page.evaluate(async (api) => {
    const image = (src: string) =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = src;
        document.body.append(img);
      });
    const login = (path: string) =>
      fetch(`${api}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => undefined);
    await image('/images/missing.svg');
    // A vendor's (third party): not the product's to judge.
    await image('https://accounts.google.com/gsi/missing.png');
    // A back end's answer of 404: the flow's business.
    await fetch(`${api}/clients/api/v3/clients/nobody-knows`);
    // Each declared one before its undeclared twin: caught, it would be there before the list
    // below is complete.
    await login('/login/email');
    await login('/login/phone');
    console.error('declared line');
    console.error('something broke');
    // (Not from a timer: the page's timers are stopped.)
    queueMicrotask(() => {
      throw new Error('declared error');
    });
    queueMicrotask(() => {
      throw new Error('uncaught');
    });
  }, api);
  const cors = `Access to fetch at '${api}/login/phone' from origin '${topology.site}' has been blocked by CORS policy: `;
  await expect
    .poll(() => [...problems].sort())
    .toEqual([
      `asset answered 404: GET ${topology.site}/images/missing.svg`,
      expect.stringMatching(new RegExp(`^console\\.error: ${RegExp.escape(cors)}`)),
      'console.error: something broke',
      'page error: uncaught',
      `request failed (net::ERR_FAILED): POST ${api}/login/phone`,
    ]);
  await context.close();
});
