/**
 * Connected apps: the apps the user approved, and removing one. Both calls go to
 * the identity service with the access token from the page's hash as a bearer header, and only
 * there.
 */
import { fillPath } from '../contract/path.ts';
import {
  APPROVED_APP_PATH,
  APPROVED_APPS_PATH,
  type Association,
} from '../contract/identity-service.ts';
import { request } from './client.ts';
import { ApiError } from './errors.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Keeps the well-formed entries of the answer (anything else is dropped, never shown). */
export function toAssociations(answer: unknown): Association[] {
  if (!Array.isArray(answer)) throw new ApiError({ kind: 'malformed' });
  return answer.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { clientId, clientName, logoUri } = item as Record<string, unknown>;
    if (typeof clientId !== 'string' || clientId === '') return [];
    return [
      {
        clientId,
        clientName: typeof clientName === 'string' && clientName.trim() ? clientName : clientId,
        logoUri: typeof logoUri === 'string' ? logoUri : null,
      },
    ];
  });
}

export async function fetchApprovedApps(
  token: string,
  signal?: AbortSignal,
): Promise<Association[]> {
  const answer = await request<unknown>('identityService', APPROVED_APPS_PATH, {
    headers: bearer(token),
    ...(signal ? { signal } : {}),
  });
  return toAssociations(answer);
}

/** Removes an app; an app that is already gone (404) counts as removed. */
export async function removeApprovedApp(token: string, clientId: string): Promise<void> {
  try {
    await request<unknown>('identityService', fillPath(APPROVED_APP_PATH, { clientId }), {
      method: 'DELETE',
      headers: bearer(token),
      idempotent: true,
    });
  } catch (error) {
    if (error instanceof ApiError && error.failure.kind === 'http' && error.failure.status === 404)
      return;
    throw error;
  }
}
