/**
 * The site's build gives @nanostores/react src/ui/store-deps.ts in place of nanostores' own
 * `listenKeys` (astro.config.mjs, `slimDeps`): on a map store, watched by its own keys, it must
 * call the listener exactly when nanostores' does.
 */
import fc from 'fast-check';
import { listenKeys as theirs, map } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { listenKeys as ours } from '../../../src/ui/store-deps.ts';

const KEYS = ['a', 'b', 'c'] as const;
type Key = (typeof KEYS)[number];
type Value = Partial<Record<Key, number>>;

const key = fc.constantFrom(...KEYS);
const operation = fc.oneof(
  fc.record({ kind: fc.constant('setKey' as const), key, value: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('remove' as const), key }),
  fc.record({
    kind: fc.constant('set' as const),
    value: fc.dictionary(key, fc.integer({ min: 0, max: 2 })),
  }),
);

/** The calls a `listenKeys` makes for `keys` while the operations run. */
function calls(listenKeys: typeof ours, keys: readonly Key[], operations: readonly Operation[]) {
  const store = map<Value>({ a: 0 });
  const seen: string[] = [];
  const stop = listenKeys(store, keys, (value, _old, changed) =>
    seen.push(`${JSON.stringify(value)} ${changed ?? '*'}`),
  );
  for (const op of operations) {
    if (op.kind === 'setKey') store.setKey(op.key, op.value);
    else if (op.kind === 'remove') store.setKey(op.key, undefined);
    else store.set(op.value);
  }
  stop();
  return seen;
}
type Operation = typeof operation extends fc.Arbitrary<infer O> ? O : never;

describe('store-deps listenKeys against nanostores', () => {
  it('calls the listener for the same changes of a map store', () => {
    fc.assert(
      fc.property(
        fc.subarray([...KEYS], { minLength: 1 }),
        fc.array(operation, { maxLength: 12 }),
        (keys, operations) => {
          expect(calls(ours, keys, operations)).toEqual(
            calls(theirs as typeof ours, keys, operations),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stops when unsubscribed', () => {
    const store = map<Value>({ a: 0 });
    const seen: number[] = [];
    const stop = ours(store, ['a'], (value) => seen.push(value.a ?? -1));
    store.setKey('a', 1);
    stop();
    store.setKey('a', 2);
    expect(seen).toEqual([1]);
  });
});
