/**
 * Error reporting with a DSN, exercised for real (issue 35, item 5; test audit F5): the build's
 * DSN points at the topology's stand-in for Sentry's ingest (sandbox/reports.ts), the lazily
 * loaded Sentry client sends its envelopes there, and the test reads what arrived, byte for byte:
 * an unexpected failure arrives scrubbed (no token of the page's address, no code, no full phone
 * number), an expected 4xx answer never does. And CSP and Trusted Types violations are reported
 * to Sentry's security endpoint (issue 29, item 4; security review L9).
 */
import type { ReportsResponse } from '../../src/contract/sandbox-control.ts';
import { gotoLink } from '../e2e/links-helpers.ts';
import { expect, test } from './fixtures.ts';

/** What must never reach an error report from these pages. */
const SECRETS = ['profile-error', 'profile-expired', '971500000001', '123456'];
const QUERY = '?lang=en&phoneNumber=%2B971500000001&code=123456&ref=%2B971500000001';

const events = (reports: ReportsResponse) => reports.errors.flatMap((report) => report.events);
const exceptionOf = (event: Record<string, unknown>) =>
  JSON.stringify((event['exception'] as { values?: unknown[] } | undefined)?.values ?? []);

test.describe('error reports', () => {
  test.use({ allowViolations: true });

  test('an expected 4xx is not reported; an unexpected error and a 5xx arrive scrubbed', async ({
    page,
    sandbox,
  }) => {
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

  test("a CSP violation is reported to Sentry's security endpoint (report-to), which takes it", async ({
    page,
    request,
    sandbox,
    topology,
  }) => {
    // What the browser queues for delivery, seen through DevTools: headless Chromium here queues
    // Reporting API reports but does not upload them (each try stays pending), so the upload is
    // made below with the very report the browser made.
    const cdp = await page.context().newCDPSession(page);
    const queued: { destination: string; type: string; body: Record<string, unknown> }[] = [];
    cdp.on('Network.reportingApiReportAdded', (event) => queued.push(event.report));
    await cdp.send('Network.enableReportingApi', { enable: true });
    const answer = await page.goto('/login');
    await expect(page.locator('section.login')).toHaveAttribute('data-view', 'phone_form');
    // The page names where its `report-to` group's reports go.
    const group = /^csp-endpoint="([^"]+)"$/.exec(answer?.headers()['reporting-endpoints'] ?? '');
    // An image from a cleartext origin: img-src allows 'self', https: and data: only.
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'http://127.0.0.1:9/blocked.png';
      document.body.append(image);
    });
    await expect.poll(() => queued.length).toBeGreaterThan(0);
    const [report] = queued;
    expect(report?.type).toBe('csp-violation');
    expect(report?.body).toMatchObject({
      blockedURL: 'http://127.0.0.1:9/blocked.png',
      effectiveDirective: 'img-src',
      disposition: 'enforce',
    });
    expect(report?.destination).toBe('csp-endpoint');
    const endpoint = group?.[1] ?? '';
    expect(endpoint).toBe(
      `${topology.errorReporting}/api/29/security/?sentry_key=${new URL(topology.dsn).username}`,
    );

    // The upload as Chromium makes it: the report batch, from the site's origin.
    const upload = await request.post(endpoint, {
      headers: { Origin: topology.site, 'Content-Type': 'application/reports+json' },
      data: JSON.stringify([
        { age: 0, type: report?.type, url: `${topology.site}/login`, body: report?.body },
      ]),
    });
    expect(upload.status()).toBe(201);
    const { violations } = await sandbox.reports();
    expect(violations).toHaveLength(1);
    expect(violations[0]?.contentType).toContain('application/reports+json');
    expect(JSON.stringify(violations[0]?.body)).toContain('http://127.0.0.1:9/blocked.png');
  });
});
