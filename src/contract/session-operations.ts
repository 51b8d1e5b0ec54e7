/**
 * The rows of the table of calls (./operations.ts) behind `/security/`: the account's sessions,
 * trusted devices and passkeys (./sessions.ts), with the bearer access token of this front end's
 * pages.
 */
import { bad, ok } from './answers.ts';
import type { Operation } from './operation.ts';
import * as s from './sessions.ts';

const refused = bad('Missing, invalid or expired access token, or its session was signed out');

export const SESSION_OPERATIONS: readonly Operation[] = [
  {
    id: 'listSessions',
    backend: 'identityApi',
    method: 'GET',
    path: s.SESSIONS_PATH,
    summary:
      'Where the account is signed in: its sessions and trusted devices, the current one marked',
    chosenPath: true,
    bearer: true,
    answers: { 200: ok(s.SessionsResponse), 401: refused },
  },
  {
    id: 'signOutOtherSessions',
    backend: 'identityApi',
    method: 'DELETE',
    path: s.SESSIONS_PATH,
    summary: 'Sign out everywhere else: every session and trusted device but the current one',
    chosenPath: true,
    bearer: true,
    query: s.SessionsQuery,
    answers: { 200: ok(s.SignOutOthersResponse), 401: refused },
  },
  {
    id: 'signOutSession',
    backend: 'identityApi',
    method: 'DELETE',
    path: s.SESSION_PATH,
    summary: 'Sign one session out and forget its device',
    chosenPath: true,
    bearer: true,
    answers: {
      204: ok(undefined, 'Signed out'),
      401: refused,
      404: bad('not_found: already signed out (or not this account’s)'),
    },
  },
  {
    id: 'listAccountPasskeys',
    backend: 'identityApi',
    method: 'GET',
    path: s.ACCOUNT_PASSKEYS_PATH,
    summary: 'The account’s passkeys (name, created, last used) and its WebAuthn user handle',
    chosenPath: true,
    bearer: true,
    answers: { 200: ok(s.AccountPasskeysResponse), 401: refused },
  },
  {
    id: 'removeAccountPasskey',
    backend: 'identityApi',
    method: 'DELETE',
    path: s.ACCOUNT_PASSKEY_PATH,
    summary: 'Remove a passkey',
    description:
      'The last passkey may be removed when the account can still sign in another way (a phone ' +
      'or e-mail for a code, or a password); otherwise 409 `last_sign_in_method` keeps it.',
    chosenPath: true,
    bearer: true,
    answers: {
      204: ok(undefined, 'Removed'),
      401: refused,
      404: bad('not_found: not (or no longer) the account’s passkey'),
      409: bad('last_sign_in_method: the account’s only way to sign in'),
    },
  },
];
