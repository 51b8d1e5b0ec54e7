import { vi } from 'vitest';

/**
 * `fetch` stubbed to answer 200 with each of `bodies` as JSON, in turn; resolves the calls made
 * (address and init) as they come. Undo with `vi.unstubAllGlobals()`.
 */
export function mockFetch(bodies: unknown[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: input instanceof Request ? input.url : String(input), init: init ?? {} });
      return Promise.resolve(
        new Response(JSON.stringify(bodies.shift()), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}
