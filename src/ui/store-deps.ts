/**
 * What @nanostores/react imports from nanostores, in its place in the site's build
 * (astro.config.mjs, `slimDeps`): `listenKeys`, with which `useStore(store, { keys })` renders only
 * when those keys of a map store change. nanostores' own also follows deep paths (`a.b`,
 * `list[1]`) and brings the deep map's path helpers, 0.2 KB gzip on every island page; no island
 * passes `keys` today, and a map store's own keys are what the option is for.
 * tests/unit/ui/store-deps.test.ts checks it against nanostores' on map stores. A
 * @nanostores/react that imports anything else from nanostores fails the build.
 */

type Listener<Value> = (value: Value, oldValue: Value | undefined, changed?: string) => void;

export function listenKeys<Value extends object>(
  store: { listen: (listener: Listener<Value>) => () => void },
  keys: readonly (keyof Value & string)[],
  listener: Listener<Value>,
): () => void {
  const watched = new Set<string>(keys);
  const moved = (value: Value, oldValue: Value | undefined, key: keyof Value) =>
    oldValue === undefined || !Object.is(value[key], oldValue[key]);
  return store.listen((value, oldValue, changed) => {
    const hit =
      changed === undefined
        ? keys.some((key) => moved(value, oldValue, key))
        : watched.has(changed);
    if (hit) listener(value, oldValue, changed);
  });
}
