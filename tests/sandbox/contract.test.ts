import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { ErrorBody as ClientErrorBody } from '../../src/api/errors.ts';
import { ChallengeRequiredBody, ErrorBody } from '../../src/contract/errors.ts';
import {
  ApprovalToken,
  OneClickLoginResponse,
  PhoneLoginBody,
} from '../../src/contract/identity-api.ts';
import { fillPath } from '../../src/contract/path.ts';
import { phone, setup } from './helpers.ts';

/** True when every A is a B. */
type Fits<A, B> = [A] extends [B] ? true : false;
/** A type error unless `T` is true. */
type Holds<T extends true> = T;

/**
 * The contract's error bodies fit the front end's ErrorBody: checked by the compiler (`npm run
 * typecheck`), not by Vitest, which has nothing to run (shown to fail: with the contract's
 * `error_code` made a number, the compiler failed here).
 */
export type ErrorBodiesFit = [
  Holds<Fits<v.InferOutput<typeof ErrorBody>, ClientErrorBody>>,
  Holds<Fits<v.InferOutput<typeof ChallengeRequiredBody>, ClientErrorBody>>,
];

describe('contract helpers', () => {
  it('fillPath encodes parameters and refuses missing ones', () => {
    expect(fillPath('/alerts/{alert}/acknowledgement', { alert: 'a/b c' })).toBe(
      '/alerts/a%2Fb%20c/acknowledgement',
    );
    expect(() => fillPath('/alerts/{alert}', {})).toThrow(/alert/);
  });
});

describe('sandbox answers match the contract schemas', () => {
  it('challenge, one-click and error answers parse with their schemas', async () => {
    const t = setup();
    const challenge = await t.post(t.api('/login/phone'), { phone_number: phone('05') });
    expect(v.is(ChallengeRequiredBody, challenge.body)).toBe(true);
    for (const nn of ['11', '13']) {
      const answer = await t.post(t.api('/one-click/login'), {
        phone_number: phone(nn),
        is_retry: false,
      });
      expect(v.is(OneClickLoginResponse, answer.body)).toBe(true);
    }
    // An approval with the checkout the server knows (merchant and promo, L7) fits the schema.
    for (const invoice of ['INV-7', 'INV-8', 'INV-9']) {
      const approval = await t.post(t.api('/one-click/login'), {
        phone_number: phone('17'),
        is_retry: false,
        external_params: { invoice_id: invoice },
      });
      expect(approval.body).toHaveProperty('merchant');
      expect(v.is(ApprovalToken, approval.body)).toBe(true);
    }
    const error = await t.post(t.api('/login/phone'), { phone_number: phone('06') });
    expect(v.is(ErrorBody, error.body)).toBe(true);
    expect(v.is(PhoneLoginBody, { phone_number: phone('01'), is_known_device: false })).toBe(true);
  });
});
