/**
 * Work that can wait for the page: `whenIdle(task)` runs `task` once the page has loaded and the
 * browser is idle (at most `timeout` ms later), so it never competes with the first render or
 * hydration. `later` (src/lib/later.ts) uses it to fetch the code the first view does not need
 * before it is needed: the HTTP transport, the other views of an island, the error-reporting SDK.
 */
export function whenIdle(task: () => void, timeout = 3000): void {
  if (typeof window === 'undefined') return;
  const idle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout }) : setTimeout(task, 1);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
