/**
 * The remote feature flags (`GET {flags}/flags`): 3000 ms at most, never retried, and its failure
 * is the defaults (src/stores/flags.ts). A plain `fetch`, not the HTTP client's transport, which
 * loads after the page (src/api/client.ts): the call goes out as the island starts, with no
 * round trip for code before it.
 */
import { BACKEND_URL } from '../config.ts';
import { FLAGS_PATH } from '../contract/shell.ts';
import { whileCalling } from '../lib/idle.ts';

export const FLAGS_TIMEOUT_MS = 3000;

export function fetchFlags(): Promise<unknown> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), FLAGS_TIMEOUT_MS);
  const call = fetch(`${BACKEND_URL.flags}${FLAGS_PATH}`, {
    headers: { accept: 'application/json' },
    signal: timeout.signal,
  })
    .then((answer) =>
      answer.ok
        ? (answer.json() as Promise<unknown>)
        : Promise.reject(new Error(`${answer.status}`)),
    )
    .finally(() => clearTimeout(timer));
  // Code fetched when the browser is idle waits for the answer (src/lib/idle.ts).
  whileCalling(call);
  return call;
}
