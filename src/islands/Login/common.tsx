import { useEffect, useRef, type ReactNode } from 'react';
import type { Locale } from '../../i18n/config.ts';
import type { Text } from '../../i18n/types.ts';
import type { LoginFlow, LoginState } from '../../stores/flows/login.ts';
import type { Flags } from '../../lib/flags.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { useT } from '../../ui/i18n.tsx';

/** What every view gets from the island. */
export interface ViewProps {
  flow: LoginFlow;
  state: LoginState;
  flags: Flags;
  locale: Locale;
  /** Focus the heading when the view opens (not on the page's first paint). */
  focus: boolean;
}

/** The view's title: focused when the view opens, so screen readers hear the new step. */
export function ViewHeading(props: { children: ReactNode; focus: boolean; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { focus } = props;
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h1 ref={ref} tabIndex={-1} id={props.id}>
      {props.children}
    </h1>
  );
}

/** Keeps a phone number, code or e-mail left-to-right inside any sentence (Unicode isolates). */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}

/** How the identifier of the attempt is shown: `+971500000001` or the e-mail. */
export function shownIdentifier(state: LoginState): string {
  const attempt = state.attempt;
  if (attempt?.kind === 'phone') return `+${attempt.phone}`;
  if (attempt?.kind === 'email') return attempt.email;
  return '';
}

export function FormError(props: { error: Text | undefined }) {
  const t = useT();
  if (!props.error) return null;
  return <ErrorAlert>{t.text(props.error)}</ErrorAlert>;
}

/** Back to the first step (a button that reads as a link, mirrored arrow in RTL). */
export function BackButton(props: { onClick: () => void; label: string }) {
  return (
    <button type="button" className="login-back" onClick={props.onClick}>
      <span className="login-back-arrow" aria-hidden="true">
        ←
      </span>
      {props.label}
    </button>
  );
}
