/**
 * Whether a password has appeared in a data breach, by k-anonymity as Have I Been Pwned's range
 * API works (`GET {identityApi}/passwords/range/{prefix}`): only the first 5 hex characters of
 * the password's SHA-1 leave the page; the answer lists the other 35 of every breached password
 * that starts so, and the comparison is made here.
 *
 * 1 s at most, never retried: a range service that is slow or down answers `unknown`, and the
 * person goes on (the page says so in analytics). A plain `fetch`, as the flags' (./flags.ts): the
 * answer is text, not the JSON the HTTP client reads, and the call sends no header that would
 * need a preflight.
 */
import { BACKEND_URL } from '../config.ts';
import { pageAnalytics } from './analytics.ts';
import { PASSWORD_RANGE_PATH } from '../contract/identity-api.ts';
import { fillPath } from '../contract/path.ts';
import type { Text } from '../i18n/types.ts';

export const BREACH_CHECK_MS = 1000;

/** A password found in a data breach, at its field (every form with a new password says so). */
export const BREACHED: Text = { key: 'fields:password.breached' };

/** `unknown`: the range service did not answer in time or well, or the browser cannot hash. */
export type BreachVerdict = 'breached' | 'clean' | 'unknown';

export interface BreachCheckDeps {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The SHA-1 of the password's UTF-8 bytes, in upper-case hex. */
export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/** Whether a range answer (`SUFFIX:COUNT` lines) lists `suffix` with a count above zero. */
export function rangeLists(range: string, suffix: string): boolean {
  return range.split('\n').some((line) => {
    const [listed = '', count = ''] = line.trim().split(':');
    // A padded answer lists made-up suffixes with a count of 0.
    return listed.toUpperCase() === suffix && Number(count) > 0;
  });
}

export async function checkBreached(
  password: string,
  deps: BreachCheckDeps = {},
): Promise<BreachVerdict> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), deps.timeoutMs ?? BREACH_CHECK_MS);
  try {
    const hash = await sha1Hex(password);
    const url = `${BACKEND_URL.identityApi}${fillPath(PASSWORD_RANGE_PATH, { prefix: hash.slice(0, 5) })}`;
    const answer = await (deps.fetch ?? fetch)(url, { signal: timeout.signal });
    if (!answer.ok) return 'unknown';
    return rangeLists(await answer.text(), hash.slice(5)) ? 'breached' : 'clean';
  } catch {
    // Timed out, offline, or no Web Crypto (an insecure context).
    return 'unknown';
  } finally {
    clearTimeout(timer);
  }
}

/** The verdicts of this page, one per password: an `unknown` is not kept (the next submit asks again). */
const verdicts = new Map<string, Promise<BreachVerdict>>();

/**
 * A new password's problem that the page cannot see, for the flows: BREACHED when it has appeared
 * in a data breach. A password submitted again gets the same answer without a call; a range
 * service that does not answer lets the person go on, and analytics hear of it (the page's
 * views tell which form it was).
 */
export async function breachProblem(
  password: string,
  check: (password: string) => Promise<BreachVerdict> = checkBreached,
): Promise<Text | undefined> {
  let verdict = verdicts.get(password);
  if (!verdict) {
    verdict = check(password);
    verdicts.set(password, verdict);
  }
  const result = await verdict;
  if (result === 'unknown') {
    verdicts.delete(password);
    pageAnalytics.track('breach_check_unavailable');
  }
  return result === 'breached' ? BREACHED : undefined;
}
