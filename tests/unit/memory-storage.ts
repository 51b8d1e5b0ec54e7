/**
 * A Web Storage in memory for the unit tests, stubbed in for session or local storage
 * (`vi.stubGlobal`); `data` is what it holds.
 */
export function memoryStorage(
  initial: Record<string, string> = {},
): Storage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}
