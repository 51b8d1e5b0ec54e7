/**
 * Work that can wait for the page: `whenIdle(task)` runs `task` once the page has loaded, the
 * page's calls in flight have been answered (`whileCalling`: the first calls, such as the flags,
 * have a slow network to themselves) and the browser is idle (at most `timeout` ms later), so it
 * never competes with the first render, hydration or the first calls. `later` (src/lib/later.ts)
 * uses it to fetch the code the first view does not need before it is needed: the other views of
 * an island, the HTTP transport, the server errors' messages.
 */
const calls = new Set<Promise<unknown>>();

/** A call of the page (src/api/client.ts): idle work waits until it is answered. */
export function whileCalling(call: Promise<unknown>): void {
  calls.add(call);
  const done = () => calls.delete(call);
  call.then(done, done);
}

export function whenIdle(task: () => void, timeout = 3000): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    const run = () => {
      // Calls made meanwhile (a view's first call, made as it hydrated): after them.
      if (calls.size > 0) void Promise.allSettled([...calls]).then(idle);
      else task();
    };
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout });
    else setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
