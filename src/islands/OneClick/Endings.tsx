/**
 * The views where a checkout ends without a sign-in, and the hand-over to the login page's code
 * step: lazy views of the island (src/ui/lazy-view.tsx), not in the first load.
 */
import { STORES } from '../../config.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { RichText, useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { ShownPhone } from './Waiting.tsx';
import type { ViewProps } from './Views.tsx';

/** Both stores: getting or updating the app is how these endings are resolved. */
export function StoreLinks() {
  const t = useT();
  return (
    <nav className="one-click-stores" aria-label={t('one_click:stores.title')}>
      <a
        className="button button-secondary"
        href={STORES.android}
        rel="noopener noreferrer"
        target="_blank"
        data-store="android"
      >
        {t('one_click:stores.googlePlay')}
      </a>
      <a
        className="button button-secondary"
        href={STORES.ios}
        rel="noopener noreferrer"
        target="_blank"
        data-store="ios"
      >
        {t('one_click:stores.appStore')}
      </a>
    </nav>
  );
}

function Ending(props: {
  title: string;
  body: string;
  image: 'phone' | 'stop' | 'alert';
  alert?: string | undefined;
  onRetry?: (() => void) | undefined;
}) {
  const t = useT();
  return (
    <div className="stack center one-click-ending">
      <img
        className="one-click-illustration"
        src={`/images/one-click-${props.image}.svg`}
        alt=""
        width={160}
        height={120}
      />
      <ViewHeading>{props.title}</ViewHeading>
      {props.alert && <ErrorAlert>{props.alert}</ErrorAlert>}
      <p>{props.body}</p>
      <StoreLinks />
      {props.onRetry && (
        <Button variant="link" onClick={props.onRetry}>
          {t('one_click:tryAgain')}
        </Button>
      )}
    </div>
  );
}

/** invalid_user with the one-click sign-up flag off: sign up in the app, then retry. */
export function SignupInApp({ flow }: ViewProps) {
  const t = useT();
  return (
    <Ending
      image="phone"
      title={t('one_click:signup.title')}
      body={t('one_click:signup.body')}
      onRetry={flow.restart}
    />
  );
}

export function RejectedView({ flow }: ViewProps) {
  const t = useT();
  return (
    <Ending
      image="stop"
      title={t('one_click:rejected.title')}
      body={t('one_click:rejected.body')}
      onRetry={flow.restart}
    />
  );
}

export function MaxTriesView(_: ViewProps) {
  const t = useT();
  return (
    <Ending
      image="stop"
      title={t('one_click:maxTries.title')}
      body={t('one_click:maxTries.body')}
    />
  );
}

export function ErrorView({ flow, state }: ViewProps) {
  const t = useT();
  if (state.view !== 'error') return null;
  return (
    <Ending
      image="alert"
      title={t('one_click:error.title')}
      alert={t.text(state.error)}
      body={t('one_click:error.body')}
      onRetry={flow.restart}
    />
  );
}

/** The login page's OTP view takes over (an OTP challenge, or sign-up with the flag on). */
export function RedirectToOtp({ state }: ViewProps) {
  const t = useT();
  if (state.view !== 'redirect_to_otp') return null;
  const signup = state.reason === 'signup';
  return (
    <div className="stack center">
      <ViewHeading>
        {signup ? t('one_click:otp.signupTitle') : t('one_click:otp.title')}
      </ViewHeading>
      <div className="spinner" aria-hidden="true" />
      <p className="muted" role="status">
        <RichText
          k={signup ? 'one_click:otp.signupBody' : 'one_click:otp.body'}
          slots={{ phone: <ShownPhone digits={state.phone} /> }}
        />
      </p>
      <a className="button button-secondary" href={state.href}>
        {t('one_click:otp.link')}
      </a>
    </div>
  );
}
