/** What the values that cross pages and forms look like: each pattern exists once, here. */

/** A client id: letters, digits, `_`, `.` and `-`, at most 128. */
export const CLIENT_ID = /^[\w.-]{1,128}$/;

/** A csrf value of the identity service: letters, digits, `_` and `-`, at most 256. */
export const CSRF = /^[\w-]{1,256}$/;

/**
 * An e-mail address before the server sees it: a local part of at most 64 characters, '@', and a
 * domain of at most 255 with a dot and an ending of 2 characters at least.
 */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value.trim());
}
