import type { Locale } from '../../i18n/config.ts';
import type { Flags } from '../../stores/flags.ts';
import type { LoginFlow, LoginState } from '../../stores/flows/login/index.ts';

/** What every view of the login island gets. */
export interface ViewProps {
  flow: LoginFlow;
  state: LoginState;
  flags: Flags;
  locale: Locale;
}

/** How the identifier of the attempt is shown: `+971500000001` or the e-mail. */
export function shownIdentifier(state: LoginState): string {
  const attempt = state.attempt;
  if (attempt?.kind === 'phone') return `+${attempt.phone}`;
  if (attempt?.kind === 'email') return attempt.email;
  return '';
}
