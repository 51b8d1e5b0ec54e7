/**
 * Reading the address bar, and taking secrets out of it at once (csrf from the query, the access
 * token from the hash) with history.replaceState, before any request or report is made.
 */
import { CLIENT_ID } from './patterns.ts';

export function currentQuery(): URLSearchParams {
  return new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
}

function replaceAddress(url: URL): void {
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** A client id, trimmed, or undefined when the value cannot be one (empty, spaces, markup). */
export function cleanClientId(value: string | null | undefined): string | undefined {
  const clean = value?.trim();
  return clean && CLIENT_ID.test(clean) ? clean : undefined;
}

/**
 * The `clientId` of a query (trimmed), or `fallback` (this tab's last client) when the query has
 * none or one that cannot be a client id.
 */
export function queryClientId(query: URLSearchParams, fallback?: string): string | undefined {
  return cleanClientId(query.get('clientId')) ?? fallback;
}

/** Removes the named query parameters from the address and returns their values. */
export function takeQueryParams<K extends string>(names: readonly K[]): Partial<Record<K, string>> {
  const url = new URL(location.href);
  const taken: Partial<Record<K, string>> = {};
  let changed = false;
  for (const name of names) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    taken[name] = value;
    url.searchParams.delete(name);
    changed = true;
  }
  if (changed) replaceAddress(url);
  return taken;
}

/** Reads `#a=b&c=d` once, clears the hash from the address, and returns the values. */
export function takeHashParams(): URLSearchParams {
  const hash = location.hash.startsWith('#') ? location.hash.slice(1) : location.hash;
  const params = new URLSearchParams(hash);
  if (hash) {
    const url = new URL(location.href);
    url.hash = '';
    replaceAddress(url);
  }
  return params;
}

/** The token segment of a token route, e.g. `reset-valid` in `/ar/password/reset-valid`. */
export function pathToken(pathname: string, index: number): string | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const value = segments.at(index);
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
