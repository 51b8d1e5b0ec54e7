/** The details of a security alert, in the order the page lists them, and their values. */
import type { Alert } from '../contract/identity-api.ts';
import { formatDateTime, type DateWords } from '../i18n/format.ts';

export const ALERT_DETAILS = ['when', 'device', 'location'] as const;
export type AlertDetail = (typeof ALERT_DETAILS)[number];

/**
 * The alert's time in the page's language with Latin digits (`at` is ISO 8601), in the catalog's
 * words where the engine lacks the language; undefined when absent or invalid.
 */
export function formatAlertTime(
  at: string | undefined,
  intlLocale: string,
  words?: DateWords,
): string | undefined {
  if (!at) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return formatDateTime(date, intlLocale, words);
}

/** Each detail's value to show (undefined: the row stays hidden). */
export function alertDetails(
  alert: Alert,
  intlLocale: string,
  words?: DateWords,
): Record<AlertDetail, string | undefined> {
  return {
    when: formatAlertTime(alert.at, intlLocale, words),
    device: alert.device,
    location: alert.location,
  };
}

/** Build time: the catalog's date words as attributes of the page root (no i18n code ships). */
export function dateWordsAttributes(words: DateWords): Record<string, string> {
  return { 'data-date-pattern': words.pattern, 'data-date-months': words.months.join('|') };
}

/** In the browser: the date words back from the page root's attributes. */
export function dateWordsOf(root: HTMLElement): DateWords | undefined {
  const pattern = root.dataset['datePattern'];
  const months = root.dataset['dateMonths']?.split('|');
  return pattern && months?.length === 12 ? { pattern, months } : undefined;
}

/**
 * The query of the next step after a report, the recovery form (`/recovery`): the alert's client
 * and mobile number when it carries them and they look like one (anything else is left out).
 */
export function recoveryQuery(alert: Pick<Alert, 'phone_number' | 'client_id'>): string {
  const query = new URLSearchParams();
  if (alert.client_id && /^[\w.-]{1,64}$/.test(alert.client_id)) {
    query.set('clientId', alert.client_id);
  }
  const phone = alert.phone_number?.replace(/[\s-]/g, '');
  if (phone && /^\+?[1-9]\d{7,14}$/.test(phone)) {
    query.set('phoneNumber', phone.startsWith('+') ? phone : `+${phone}`);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
