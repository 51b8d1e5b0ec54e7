/**
 * The security page's calls (src/contract/sessions.ts): the account's sessions, trusted devices and
 * passkeys, signing out and removing. All go to the identity API with the page's access token as a
 * bearer header, and only there. Answers are checked field by field: an entry that is not
 * well-formed is dropped, never shown.
 */
import { fillPath } from '../contract/path.ts';
import {
  ACCOUNT_PASSKEY_PATH,
  ACCOUNT_PASSKEYS_PATH,
  SESSION_PATH,
  SESSIONS_PATH,
  type AccountPasskey,
  type AccountPasskeysResponse,
  type DeviceSession,
} from '../contract/sessions.ts';
import { request } from './client.ts';
import { ApiError } from './errors.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Fields = Record<string, unknown>;
const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
const fields = (value: unknown): Fields | undefined =>
  value && typeof value === 'object' ? (value as Fields) : undefined;
const optionalText = (value: unknown) => (text(value) ? value : undefined);

function listOf(answer: unknown, key: string): unknown[] {
  const list = fields(answer)?.[key];
  if (!Array.isArray(list)) throw new ApiError({ kind: 'malformed' });
  return list;
}

/** The well-formed sessions of an answer. */
export function toSessions(answer: unknown): DeviceSession[] {
  return listOf(answer, 'sessions').flatMap((raw) => {
    const item = fields(raw);
    if (!item || !text(item['id']) || !text(item['lastActiveAt'])) return [];
    const session: DeviceSession = {
      id: item['id'],
      current: item['current'] === true,
      kind: item['kind'] === 'trusted_device' ? 'trusted_device' : 'session',
      browser: optionalText(item['browser']) ?? '',
      os: optionalText(item['os']) ?? '',
      lastActiveAt: item['lastActiveAt'],
      signedInAt: optionalText(item['signedInAt']) ?? item['lastActiveAt'],
    };
    for (const key of ['device', 'city', 'country', 'trustedUntil'] as const) {
      const value = optionalText(item[key]);
      if (value !== undefined) session[key] = value;
    }
    return [session];
  });
}

/** The well-formed passkeys of an answer, with the account's WebAuthn details. */
export function toPasskeys(answer: unknown): AccountPasskeysResponse {
  const body = fields(answer);
  const userId = body?.['userId'];
  if (!text(userId)) throw new ApiError({ kind: 'malformed' });
  const passkeys = listOf(answer, 'passkeys').flatMap((raw): AccountPasskey[] => {
    const item = fields(raw);
    if (!item || !text(item['id']) || !text(item['createdAt'])) return [];
    return [
      {
        id: item['id'],
        name: optionalText(item['name'])?.trim().slice(0, 80) ?? '',
        rpId: optionalText(item['rpId']) ?? '',
        createdAt: item['createdAt'],
        lastUsedAt: optionalText(item['lastUsedAt']) ?? null,
      },
    ];
  });
  return {
    userId,
    name: optionalText(body?.['name']) ?? '',
    displayName: optionalText(body?.['displayName']) ?? '',
    passkeys,
  };
}

export interface SecurityData {
  sessions: DeviceSession[];
  account: Omit<AccountPasskeysResponse, 'passkeys'>;
  passkeys: AccountPasskey[];
}

/** Both lists, read together: the page shows them together or says it could not. */
export async function fetchSecurity(token: string, signal?: AbortSignal): Promise<SecurityData> {
  const options = { headers: bearer(token), ...(signal ? { signal } : {}) };
  const [sessions, passkeys] = await Promise.all([
    request<unknown>('identityApi', SESSIONS_PATH, options),
    request<unknown>('identityApi', ACCOUNT_PASSKEYS_PATH, options),
  ]);
  const { passkeys: list, ...account } = toPasskeys(passkeys);
  return { sessions: toSessions(sessions), account, passkeys: list };
}

/** 'gone' when there was nothing to end or remove any more (404). */
export type Outcome = 'done' | 'gone';

async function remove(token: string, path: string): Promise<Outcome> {
  try {
    await request<unknown>('identityApi', path, {
      method: 'DELETE',
      headers: bearer(token),
      idempotent: true,
    });
    return 'done';
  } catch (error) {
    if (error instanceof ApiError && error.failure.kind === 'http' && error.failure.status === 404)
      return 'gone';
    throw error;
  }
}

export const signOutSession = (token: string, id: string) =>
  remove(token, fillPath(SESSION_PATH, { id }));

export const removePasskey = (token: string, id: string) =>
  remove(token, fillPath(ACCOUNT_PASSKEY_PATH, { id }));

/** Signs out every other session; answers how many were ended. */
export async function signOutOthers(token: string): Promise<number> {
  const answer = await request<unknown>('identityApi', SESSIONS_PATH, {
    method: 'DELETE',
    headers: bearer(token),
    query: { except: 'current' },
    idempotent: true,
  });
  const revoked = fields(answer)?.['revoked'];
  return typeof revoked === 'number' && revoked >= 0 ? revoked : 0;
}
