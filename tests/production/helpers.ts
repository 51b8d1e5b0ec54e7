/**
 * What the production specs share: the hand-off to the identity service on its own origin, and
 * the sign-in's end at the demo app on its own.
 */
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
 * service's `/login` on its own, carrying the proof token and the interaction's csrf, which the
 * service accepted: its page that goes on to the authorize request (a refused post is
 * a redirect back to the site's `/login?error=...`).
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
  // The interaction's id: the identity service accepts the post (200) only with the one bound to
  // this browser's interaction (docs/identity-service.md).
  expect(form.get('_csrf'), 'the csrf').toBeTruthy();
  const answer = await sent.response();
  expect(answer?.status(), 'the identity service accepts the post').toBe(200);
  return { post: sent, form };
}

/**
 * The hand-off, then the demo app on its own origin: it got the code, verified the ID token and
 * shows 'Signed in' with its `name` (and `amr`, how the person signed in, when given).
 */
export async function expectSignedInAt(page: Page, topology: Topology, name: string, amr?: string) {
  const handOff = await expectHandOff(page, topology);
  await page.waitForURL((url) => url.origin === topology.relyingParty);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Signed in', exact: true }),
  ).toBeVisible();
  await expect(page.locator('[data-claim="name"]')).toHaveText(name);
  if (amr) await expect(page.locator('[data-claim="amr"]')).toHaveText(amr);
  return handOff;
}
