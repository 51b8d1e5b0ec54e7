/**
 * Error reporting with a DSN, exercised for real (issue 35, item 5; test audit F5): the build's
 * DSN points at the topology's stand-in for Sentry's ingest (sandbox/reports.ts), the lazily
 * loaded Sentry client sends its envelopes there, and the test reads what arrived, byte for byte:
 * an unexpected failure arrives scrubbed (no token of the page's address, no code, no full phone
 * number), an expected 4xx answer never does. And CSP and Trusted Types violations are reported
 * to Sentry from the page, scrubbed as errors are (issue 29, item 4; security review L9): not by
 * the browser's `report-to`, whose report would carry a link page's token.
 */
import type { ReportsResponse } from '../../src/contract/sandbox-control.ts';
import { gotoLink, pressConfirm } from '../e2e/links-helpers.ts';
import { expect, test } from './fixtures.ts';

/** What must never reach an error report from these pages. */
const SECRETS = ['profile-error', 'profile-expired', '971500000001', '123456'];
const QUERY = '?lang=en&phoneNumber=%2B971500000001&code=123456&ref=%2B971500000001';

const events = (reports: ReportsResponse) => reports.errors.flatMap((report) => report.events);
const exceptionOf = (event: Record<string, unknown>) =>
  JSON.stringify((event['exception'] as { values?: unknown[] } | undefined)?.values ?? []);

test.describe('error reports', () => {
  test('an expected 4xx is not reported; an unexpected error and a 5xx arrive scrubbed', async ({
    page,
    sandbox,
    pageGuards,
  }) => {
    // The page's own error, thrown below on purpose.
    pageGuards.provokes({ errors: /^marker for / });
    // A 400 (an expired link) while the client is loaded, then an error of the page's own, which
    // the client reports: were the 400 reported, its envelope would have gone first.
    const sdk = page.waitForResponse((r) => r.url().includes('/error-reporting-sdk'));
    await gotoLink(page, `/profile/update/confirm/profile-expired${QUERY}`);
    await expect(page.locator('.link-page:visible')).toHaveAttribute('data-view', 'invalid');
    await sdk;
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error('marker for +971500000001 with code 123456');
      }),
    );
    await expect.poll(async () => events(await sandbox.reports()).length).toBe(1);
    const [marker] = events(await sandbox.reports());
    expect(exceptionOf(marker ?? {})).toContain('marker for');

    // A 500: the page quotes its support code and the error is reported.
    await gotoLink(page, `/profile/update/confirm/profile-error${QUERY}`);
    await expect(page.locator('.link-page:visible')).toHaveAttribute('data-view', 'error');
    await expect.poll(async () => events(await sandbox.reports()).length).toBe(2);
    const reports = await sandbox.reports();
    expect(exceptionOf(events(reports)[1] ?? {})).toContain('HTTP 500');
    for (const { envelope } of reports.errors) {
      for (const secret of SECRETS) expect(envelope).not.toContain(secret);
      expect(envelope).not.toContain('"user"');
    }
  });
});

test.describe('violation reports', () => {
  test.use({ allowViolations: true });

  test('a CSP and a Trusted Types violation on a token page reach Sentry as events, without the address', async ({
    page,
    sandbox,
  }) => {
    // How it fails: without the listener of src/lib/error-reporting.ts no PolicyViolation event
    // arrives; with `report-to` back in the header, the header checks fail.
    // The policy names no `report-to`: a browser's report would carry this page's token.
    const answer = await page.goto(`/profile/update/confirm/profile-expired${QUERY}`);
    await pressConfirm(page);
    expect(answer?.headers()['content-security-policy']).not.toMatch(/report-(uri|to)/);
    expect(answer?.headers()).not.toHaveProperty('reporting-endpoints');
    await expect(page.locator('.link-page:visible')).toHaveAttribute('data-view', 'invalid');
    // An image from a cleartext origin (img-src allows 'self', https: and data: only), and a
    // string into a Trusted Types sink (the page's code never does either).
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'http://blocked.invalid/blocked.png?phone=971500000001';
      document.body.append(image);
      try {
        document.body.insertAdjacentHTML('beforeend', '<b>profile-expired</b>');
      } catch {
        // refused, as it should be
      }
    });
    await expect
      .poll(async () =>
        events(await sandbox.reports())
          .map(exceptionOf)
          .join('\n'),
      )
      .toContain('require-trusted-types-for refused trusted-types-sink (enforce)');
    const reports = await sandbox.reports();
    const exceptions = events(reports).map(exceptionOf).join('\n');
    expect(exceptions).toContain('PolicyViolation');
    // The origin only (a number in it would be scrubbed too: the scrubber takes digit runs).
    expect(exceptions).toContain('img-src refused http://blocked.invalid (enforce)');
    for (const { envelope } of reports.errors) {
      for (const secret of SECRETS) expect(envelope).not.toContain(secret);
    }
  });
});
