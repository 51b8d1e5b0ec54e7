import { accessTokenOnce } from '../api/tokens.ts';
import type { AuthorizeReturn } from '../lib/authorize.ts';
import { useResolved } from './use-resolved.ts';

/** The page's access token once known, and whether the page came back from the authorize flow. */
export type AccessToken =
  { ready: false } | { ready: true; token: string | undefined; returned: boolean };

/**
 * The access token of a page behind the identity service's sign-in (connected apps, business
 * invitation): its authorize return's code exchanged (once per page), or none.
 */
export function useAccessToken(back: AuthorizeReturn): AccessToken {
  const token = useResolved(async () => ({ value: await accessTokenOnce(back) }));
  return token
    ? { ready: true, token: token.value, returned: back.kind !== 'none' }
    : { ready: false };
}
