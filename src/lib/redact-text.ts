/**
 * Scrubbing of free text for anything that leaves the page for a third party (analytics, error
 * reports): no tokens, e-mails, codes or full phone numbers. No dependencies, so every page can
 * afford it.
 */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
/** 6+ digits, possibly with + and separators: a phone number or a one-time code. */
const LONG_NUMBER = /\+?\d[\d\s().-]{4,}\d/g;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;

export function redactText(text: string): string {
  return text.replace(JWT, '[token]').replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');
}
