/**
 * Chromium's virtual authenticator for the passkey specs (CDP `WebAuthn` domain): a platform
 * authenticator (internal transport) with resident keys and user verification, attached to the
 * page's tab (it outlives navigations).
 */
import type { CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { e164, PERSONA_CODE, submitButton, submitPhone, view } from './login-helpers.ts';

export interface Authenticator {
  cdp: CDPSession;
  id: string;
  credentials: () => Promise<{ credentialId: string; rpId?: string }[]>;
  /** The person's fingerprint or face is (not) recognised: a refused verification. */
  setUserVerified: (verified: boolean) => Promise<void>;
}

export async function addAuthenticator(
  page: Page,
  options: { automaticPresenceSimulation?: boolean } = {},
): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId: id } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: options.automaticPresenceSimulation ?? true,
    },
  });
  return {
    cdp,
    id,
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId: id })).credentials,
    setUserVerified: async (isUserVerified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId: id, isUserVerified });
    },
  };
}

/** A browser without passkey autofill (conditional mediation): the button is the way in. */
export async function withoutAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

/** Hana (+971500000020) signs in with her code, from the phone form to the view that follows. */
export async function hanaCodeLogin(page: Page): Promise<void> {
  await submitPhone(page, '20');
  await expect(view(page)).toHaveAttribute('data-view', 'otp');
  await page.locator('input[autocomplete=one-time-code]').fill(PERSONA_CODE);
  await submitButton(page).click();
}

export const HANA = e164('20');
export const passkeyButton = (page: Page) => view(page).locator('.login-passkey button');
export const passkeyError = (page: Page) => view(page).locator('.login-passkey [role=alert]');
