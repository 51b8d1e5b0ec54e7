/** What the production specs share: the hand-off to the identity service on its own origin. */
import type { Page, Request } from '@playwright/test';
import type { Topology } from '../../sandbox/topology.ts';
import { hurryTimers } from '../e2e/fixtures.ts';
import { expect } from './fixtures.ts';

export interface HandOff {
  post: Request;
  form: URLSearchParams;
}

/**
 * Waits for the sign-in's hand-off (the redirect view's countdown run ahead, hurryTimers) and
 * checks it: a form post, a top-level navigation from the site's origin to the identity
 * service's `/login` on its own, carrying the proof token, which the service accepted (its
 * signed-in page, or a redirect onward: a refused post answers 400 or 401).
 */
export async function expectHandOff(page: Page, topology: Topology): Promise<HandOff> {
  const target = `${topology.backends.identityService}/login`;
  let post: Request | undefined;
  const onRequest = (request: Request) => {
    if (request.isNavigationRequest() && request.method() === 'POST' && request.url() === target) {
      post = request;
    }
  };
  page.on('request', onRequest);
  try {
    const redirectView = page.locator('[data-view="redirect_to_idp"]').first();
    await expect
      .poll(async () => post !== undefined || (await redirectView.isVisible().catch(() => false)), {
        timeout: 15_000,
      })
      .toBe(true);
    await hurryTimers(page, () => post !== undefined);
    await expect.poll(() => post !== undefined, { timeout: 15_000 }).toBe(true);
  } finally {
    page.off('request', onRequest);
  }
  const sent = post as Request;
  const headers = await sent.allHeaders();
  expect(headers['origin'], 'the form post comes from the site').toBe(topology.site);
  expect(headers['content-type']).toContain('application/x-www-form-urlencoded');
  const form = new URLSearchParams(sent.postData() ?? '');
  expect(form.get('token'), 'the proof token').toBeTruthy();
  const answer = await sent.response();
  expect(answer?.status(), 'the identity service accepts the post').toBeLessThan(400);
  return { post: sent, form };
}

/** The hand-off, and the identity service's signed-in page for `name` on its own origin. */
export async function expectSignedInAt(page: Page, topology: Topology, name: string) {
  const handOff = await expectHandOff(page, topology);
  await page.waitForURL(`${topology.backends.identityService}/login`);
  await expect(page.locator('body')).toContainText(`You are signed in as ${name}`);
  return handOff;
}
