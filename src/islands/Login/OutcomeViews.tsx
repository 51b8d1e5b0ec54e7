/** Where a login ends: the identity-service redirect, sign-up, the blocked page, the portals. */
import { APP_ENV } from '../../config.ts';
import { DASHBOARDS } from '../../dashboards.ts';
import { recaptchaMode } from '../../lib/recaptcha-mode.ts';
import { signupHref } from '../../stores/flows/login/index.ts';
import { BlockedNotice } from '../../ui/BlockedNotice.tsx';
import { useT } from '../../ui/i18n.tsx';
import { IdpRedirect } from '../../ui/IdpRedirect.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import type { ViewProps } from './view-props.ts';

export function RedirectToIdp({ state, flags }: ViewProps) {
  if (state.view !== 'redirect_to_idp') return null;
  return (
    <IdpRedirect
      token={state.token}
      kind="welcome"
      recaptcha={recaptchaMode(flags.recaptchaV2)}
      remember={state.remember}
    />
  );
}

export function RedirectToSignup({ state, locale }: ViewProps) {
  const t = useT();
  if (state.view !== 'redirect_to_signup') return null;
  return (
    <div className="stack center">
      <ViewHeading>{t('login:redirect.signupTitle')}</ViewHeading>
      <div className="spinner" aria-hidden="true" />
      <p className="muted" role="status">
        {t('login:redirect.signupBody')}
      </p>
      <a
        className="button button-secondary"
        href={signupHref(locale, state.presets, state.handoff)}
      >
        {t('login:redirect.signupLink')}
      </a>
    </div>
  );
}

export function BlockedUser({ flow, state }: ViewProps) {
  if (state.view !== 'redirect_to_blocked_user') return null;
  return <BlockedNotice variant={state.variant} back={{ onClick: () => flow.back() }} />;
}

export function DashboardSelection({ flow }: ViewProps) {
  const t = useT();
  const qa = APP_ENV === 'qa';
  return (
    <div className="stack">
      <ViewHeading>{t('login:dashboards.title')}</ViewHeading>
      <p className="muted">{t('login:dashboards.intro')}</p>
      <ul className="login-dashboards">
        {DASHBOARDS.map((dashboard) => {
          const base = t(`login:dashboards.${dashboard.id}.name`);
          const name = qa ? t('login:dashboards.qaSuffix', { name: base }) : base;
          return (
            <li key={dashboard.id}>
              <button
                type="button"
                className="login-dashboard"
                data-dashboard={dashboard.id}
                onClick={() => flow.chooseDashboard(qa ? dashboard.url.qa : dashboard.url.prod)}
              >
                <span className="login-dashboard-name">{name}</span>
                <span className="login-dashboard-description">
                  {t(`login:dashboards.${dashboard.id}.description`)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
