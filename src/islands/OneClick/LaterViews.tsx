/**
 * The views of one-click checkout after the phone form (the push wait, the code step's hand-over,
 * the endings, the identity service's), in one module the island loads later
 * (src/ui/lazy-view.tsx).
 */
import { useStore } from '@nanostores/react';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { $flags } from '../../stores/flags.ts';
import { IdpRedirect } from '../../ui/IdpRedirect.tsx';
import { ErrorView, MaxTriesView, RedirectToOtp, RejectedView, SignupInApp } from './Endings.tsx';
import type { ViewProps } from './Views.tsx';
import { WaitingView } from './Waiting.tsx';

export function LaterView(props: ViewProps) {
  switch (props.state.view) {
    case 'push_notification':
    case 'confirm_via_app':
      return <WaitingView key={props.state.view} {...props} />;
    case 'redirect_to_otp':
      return <RedirectToOtp {...props} />;
    case 'redirect_to_signup':
      return <SignupInApp {...props} />;
    case 'rejected_user':
      return <RejectedView {...props} />;
    case 'max_tries_reached':
      return <MaxTriesView {...props} />;
    case 'error':
      return <ErrorView {...props} />;
    case 'phone_form':
    case 'redirect_to_idp':
      return null;
  }
}

/** Approved: the proof token goes to the identity service (its robot check when the flag says). */
export function Redirect(props: { token: string; remember: boolean }) {
  const { flags } = useStore($flags);
  return (
    <IdpRedirect
      token={props.token}
      kind="welcome"
      remember={props.remember}
      recaptcha={recaptchaMode(flags.recaptchaV2)}
    />
  );
}
