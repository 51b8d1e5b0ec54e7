/**
 * The client (partner app) whose name and logo the header shows. Unknown or failed: the product
 * name, no logo, no error shown.
 */
import { atom } from 'nanostores';
import { fetchClient } from '../api/clients.ts';
import { cleanClientId } from '../lib/address.ts';

export type ClientState =
  | { status: 'product' }
  | { status: 'loading' }
  | { status: 'client'; name: string; logoUri: string | undefined };

export const $client = atom<ClientState>({ status: 'product' });

/** Only https logos, or the site's own paths, are shown. */
export function safeLogoUri(value: string | null | undefined, origin: string): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, origin);
    if (url.protocol === 'https:') return url.href;
    if (url.origin === origin && value.startsWith('/') && !value.startsWith('//')) return url.href;
  } catch {
    return undefined;
  }
  return undefined;
}

export async function loadClient(
  clientId: string | null | undefined,
  origin: string,
): Promise<void> {
  if (!clientId || cleanClientId(clientId) !== clientId) {
    $client.set({ status: 'product' });
    return;
  }
  $client.set({ status: 'loading' });
  try {
    const data = await fetchClient(clientId);
    const name = typeof data.clientName === 'string' ? data.clientName.trim().slice(0, 80) : '';
    $client.set(
      name
        ? { status: 'client', name, logoUri: safeLogoUri(data.logoUri, origin) }
        : { status: 'product' },
    );
  } catch {
    $client.set({ status: 'product' });
  }
}
