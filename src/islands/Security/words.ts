/** How the security page names things: a session by its device, a place, a time ago, a failure. */
import type { AccountPasskey, DeviceSession } from '../../contract/sessions.ts';
import { INTL_LOCALE, type Locale } from '../../i18n/config.ts';
import { relativeTime, type RelativeWords } from '../../i18n/relative-time.ts';
import type { Translate } from '../../i18n/t.ts';
import { useT } from '../../ui/i18n.tsx';
import { useState } from 'react';

export const passkeyName = (t: Translate, passkey: AccountPasskey) =>
  passkey.name || t('security:passkeyUnnamed');

/** How the page names things: a session by its device, a place, a time ago. */
export function useWords(locale: Locale) {
  const t = useT();
  const intl = INTL_LOCALE[locale];
  const [regions] = useState(() => {
    try {
      return new Intl.DisplayNames([intl], { type: 'region' });
    } catch {
      return undefined;
    }
  });
  const words: RelativeWords = {
    justNow: t('security:justNow'),
    ago: (unit, count) => t(`security:ago.${unit}`, { count }),
  };
  return {
    t,
    session: (session: DeviceSession) => sessionName(t, session),
    place(session: DeviceSession): string {
      const country = session.country ? (regions?.of(session.country) ?? session.country) : '';
      if (session.city && country) return t('security:place', { city: session.city, country });
      return session.city || country || t('security:placeUnknown');
    },
    ago: (iso: string) => relativeTime(new Date(iso), Date.now(), intl, words),
  };
}

export function sessionName(t: Translate, session: DeviceSession): string {
  const what = { browser: session.browser, os: session.os };
  return session.device
    ? t('security:deviceNamed', { ...what, device: session.device })
    : t('security:device', what);
}
