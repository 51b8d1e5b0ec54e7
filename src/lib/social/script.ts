/** Loads a third-party script once; a failed load can be tried again. */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, doc: Document = document): Promise<void> {
  const existing = loads.get(src);
  if (existing) return existing;
  const loading = new Promise<void>((resolve, reject) => {
    const element = doc.createElement('script');
    element.src = src;
    element.async = true;
    element.crossOrigin = 'anonymous';
    element.onload = () => resolve();
    element.onerror = () => {
      loads.delete(src);
      element.remove();
      reject(new Error(`Could not load ${src}`));
    };
    doc.head.append(element);
  });
  loads.set(src, loading);
  return loading;
}
