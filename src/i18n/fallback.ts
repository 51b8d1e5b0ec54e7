/**
 * A language's catalog laid on English's, so that a key missing in a language falls back to
 * English (the i18n check keeps the catalogs complete; this keeps a page usable if one slips).
 * Pure, for the build's two readers of the catalogs: the pages (./messages.ts) and the later
 * messages' chunks (src/integrations/catalog-chunks.ts).
 */
export type Tree = { readonly [key: string]: string | Tree };

/** `over` laid on `base`: a key missing in a locale falls back to English. */
export function withFallback(base: Tree, over: Tree | undefined): Tree {
  if (!over) return base;
  const merged: Record<string, string | Tree> = {};
  // Plural forms a language has and English lacks (Arabic _two, _few ...) stay.
  for (const [key, value] of Object.entries(over)) {
    const plural = /^(.+)_(zero|two|few|many)$/.exec(key);
    if (plural && typeof value === 'string' && `${plural[1]}_other` in base) merged[key] = value;
  }
  for (const [key, value] of Object.entries(base)) {
    const local = over[key];
    merged[key] =
      typeof value === 'string'
        ? typeof local === 'string'
          ? local
          : value
        : withFallback(value, typeof local === 'object' ? local : undefined);
  }
  return merged;
}
