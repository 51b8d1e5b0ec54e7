/**
 * The token endpoint of the identity service, for this front end's own pages: an authorize
 * return's code (and its PKCE verifier) for an access token, kept only if the ID token that comes
 * with it carries this round trip's nonce (src/lib/authorize.ts).
 */
import {
  accessTokenOf,
  tokenForm,
  TOKEN_PATH,
  type AuthorizeReturn,
  type Pending,
  type TokenAnswer,
} from '../lib/authorize.ts';
import { request } from './client.ts';

/** The access token for a code, or undefined when it does not belong to this round trip. */
export async function exchangeCode(code: string, pending: Pending): Promise<string | undefined> {
  const answer = await request<TokenAnswer>('identityService', TOKEN_PATH, {
    method: 'POST',
    body: tokenForm(code, pending),
  });
  return accessTokenOf(answer ?? {}, pending);
}

let exchanged: Promise<string | undefined> | undefined;

/**
 * The page's access token from its authorize return: the code exchanged once per page (a code
 * works once), the hash's token as it is; none for a first visit or a refused return.
 */
export function accessTokenOnce(back: AuthorizeReturn): Promise<string | undefined> {
  exchanged ??=
    back.kind === 'code'
      ? exchangeCode(back.code, back.pending).catch(() => undefined)
      : Promise.resolve(back.kind === 'token' ? back.accessToken : undefined);
  return exchanged;
}
