/**
 * The page guard itself can fail (fixtures.ts, `watchPage`): on a page watched as every test's
 * pages are, each kind of problem a person would see is caught, and what is not a problem (a back
 * end's 4xx answer, the browser's own line about it, a failure the test declares) is not.
 */
import { expect, holdLoginRedirect, sandboxParty, test, watchPage } from './fixtures.ts';

test('each kind of problem is caught; a back end’s 4xx and a declared failure are not', async ({
  browser,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const problems: string[] = [];
  const violations: string[] = [];
  const declared = /\/images\/declared-missing\.svg$/;
  watchPage(
    page,
    sandboxParty(origin),
    (kind, text) => kind === 'requests' && declared.test(text),
    problems,
    violations,
  );
  await page.route('**/images/refused.svg', (route) => route.abort());
  await holdLoginRedirect(page);
  await page.goto('/session_unknown');
  await page.evaluate(async () => {
    const image = (src: string) =>
      new Promise<void>((resolve) => {
        const img = document.createElement('img');
        img.onload = img.onerror = () => resolve();
        img.src = src;
        document.body.append(img);
      });
    await image('/images/missing.svg');
    await image('/images/refused.svg');
    await image('/images/declared-missing.svg');
    // A back end's answer of 404: the flow's business (Chromium logs a line for it all the same).
    await fetch('/_be/identity-api/clients/api/v3/clients/nobody-knows');
    console.error('something broke');
    setTimeout(() => {
      throw new Error('uncaught');
    });
    // Trusted Types refuses a script's text from a string.
    try {
      document.createElement('script').textContent = 'void 0';
    } catch {
      // refused: what the console reports is the violation
    }
  });
  await expect.poll(() => problems.length).toBe(4);
  expect([...problems].sort()).toEqual([
    `asset answered 404: GET ${origin}/images/missing.svg`,
    'console.error: something broke',
    'page error: uncaught',
    `request failed (net::ERR_FAILED): GET ${origin}/images/refused.svg`,
  ]);
  // (Chromium reports the refusal more than once.)
  expect(new Set(violations)).toEqual(
    new Set([
      "policy violation: This document requires 'TrustedScript' assignment. The action has been blocked.",
    ]),
  );
  await context.close();
});
