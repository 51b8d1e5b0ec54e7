/** The details of a security alert, in the order the page lists them, and their values. */
import type { Alert } from '../contract/identity-api.ts';

export const ALERT_DETAILS = ['when', 'device', 'location'] as const;
export type AlertDetail = (typeof ALERT_DETAILS)[number];

/** The alert's time in the page's language (`at` is ISO 8601); undefined when absent or invalid. */
export function formatAlertTime(at: string | undefined, intlLocale: string): string | undefined {
  if (!at) return undefined;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** Each detail's value to show (undefined: the row stays hidden). */
export function alertDetails(
  alert: Alert,
  intlLocale: string,
): Record<AlertDetail, string | undefined> {
  return {
    when: formatAlertTime(alert.at, intlLocale),
    device: alert.device,
    location: alert.location,
  };
}
