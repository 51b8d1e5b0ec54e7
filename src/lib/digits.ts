/** Eastern Arabic (٠-٩) and Persian (۰-۹) digits to ASCII: every numeric field accepts all three. */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
  });
}

/** Only the digits of a value (after normalising them), at most `max` of them. */
export function digitsOnly(value: string, max = Number.POSITIVE_INFINITY): string {
  return normalizeDigits(value).replace(/\D/g, '').slice(0, max);
}
