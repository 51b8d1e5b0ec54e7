/**
 * Numbers the same in every engine: Latin digits in every language (the product's rule, and the
 * digits people type in codes and phone numbers). Dates: ./format.ts.
 */

/** A `NumberFormat` with Latin digits, whatever the language's default numbering system. */
export function numberFormat(
  intlLocale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  return new Intl.NumberFormat(intlLocale, { ...options, numberingSystem: 'latn' });
}
