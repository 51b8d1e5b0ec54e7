import { useEffect, useState } from 'react';

/** The value of a promise once it has settled well (undefined until then, or if it failed). */
export function useResolved<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<{ value: T }>();
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => live && setValue({ value: loaded }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Loaded once, as the component mounts.
  }, []);
  return value?.value;
}
