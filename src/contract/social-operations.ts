/**
 * The Apple and Google rows of the table of calls (./operations.ts): the nonce a sign-in asks for
 * first (security review L3), and the two logins that send it back with the id token.
 */
import { bad, ok, serverError } from './answers.ts';
import * as api from './identity-api.ts';
import type { Operation } from './operation.ts';

const socialHeaders = ['agent', 'version', 'x-device-id', 'x-client-id'] as const;
/** Security review L3: how a social id token is bound to the sign-in it was asked for. */
const SOCIAL_NONCE_RULE =
  'The page asks for a nonce (`socialNonce`) before each Apple or Google sign-in, hands it to ' +
  "the provider (Apple's and Google's `nonce`; the OAuth popup's `nonce` parameter), and sends " +
  'it back with the login (`nonce`). The login takes an id token only when its `nonce` claim is ' +
  'that nonce, one the service issued, unused and unexpired, and spends it.';
const socialRefused = bad(
  'unregistered_user; invalid_token; or invalid_nonce: no nonce, one the service did not issue, ' +
    "one used or expired, or one that is not the token's `nonce` claim",
);

export const SOCIAL_OPERATIONS: readonly Operation[] = [
  {
    id: 'socialNonce',
    backend: 'identityApi',
    method: 'POST',
    path: api.SOCIAL_NONCE_PATH,
    summary: 'A nonce for the next Apple or Google sign-in',
    description: SOCIAL_NONCE_RULE,
    chosenPath: true,
    headers: ['x-device-id'],
    answers: { 200: ok(api.SocialNonceResponse), 500: serverError },
  },
  {
    id: 'appleLogin',
    backend: 'identityApi',
    method: 'POST',
    path: api.APPLE_LOGIN_PATH,
    summary: 'Apple login',
    description: SOCIAL_NONCE_RULE,
    chosenPath: true,
    headers: socialHeaders,
    body: api.AppleLoginBody,
    answers: { 200: ok(api.TokenResponse), 400: socialRefused },
  },
  {
    id: 'googleLogin',
    backend: 'identityApi',
    method: 'POST',
    path: api.GOOGLE_LOGIN_PATH,
    summary: 'Google login',
    description: SOCIAL_NONCE_RULE,
    chosenPath: true,
    headers: socialHeaders,
    body: api.GoogleLoginBody,
    answers: { 200: ok(api.TokenResponse), 400: socialRefused },
  },
];
