/** The one-click phone form and the views where a checkout ends without a sign-in. */
import { Fragment, type ReactNode } from 'react';
import { STORES } from '../../config.ts';
import { INTL_LOCALE, type Locale } from '../../i18n/config.ts';
import type { I18nKey, Params } from '../../i18n/types.ts';
import { formatPromoAmount } from '../../lib/promo.ts';
import type { OneClickFlow, OneClickState } from '../../stores/flows/one-click.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import { useT } from '../../ui/i18n.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { ViewHeading } from '../Login/common.tsx';

export interface ViewProps {
  flow: OneClickFlow;
  state: OneClickState;
  locale: Locale;
  /** Focus the heading when the view opens (not on the page's first paint). */
  focus: boolean;
}

const SLOT = '\uE000';

/**
 * A translated sentence with parts rendered as elements (an amount or a name in `<bdi>`): the
 * slots go through `t()` as markers, so each language keeps its own word order.
 */
export function Rich(props: { k: I18nKey; slots: Record<string, ReactNode>; params?: Params }) {
  const t = useT();
  const markers = Object.fromEntries(
    Object.keys(props.slots).map((name) => [name, `${SLOT}${name}${SLOT}`]),
  );
  const parts = t(props.k, { ...props.params, ...markers }).split(SLOT);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index % 2 === 1 && Object.hasOwn(props.slots, part) ? props.slots[part] : part}
        </Fragment>
      ))}
    </>
  );
}

/** A phone number, left-to-right inside any sentence. */
export function ShownPhone(props: { digits: string }) {
  return (
    <bdi dir="ltr" className="one-click-phone">
      +{props.digits}
    </bdi>
  );
}

export function PhoneForm({ flow, state, locale, focus }: ViewProps) {
  const t = useT();
  if (state.view !== 'phone_form') return null;
  const { merchant, promo } = state.checkout;
  return (
    <form
      className="stack one-click-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.submit();
      }}
    >
      <ViewHeading focus={focus}>{t('one_click:phone.title')}</ViewHeading>
      <p className="one-click-merchant">
        {merchant ? (
          <Rich
            k="one_click:phone.merchant"
            slots={{ merchant: <bdi className="one-click-merchant-name">{merchant}</bdi> }}
          />
        ) : (
          t('one_click:phone.noMerchant')
        )}
      </p>
      {promo && (
        <p className="one-click-promo" data-outcome={promo.outcome}>
          <span className="one-click-promo-mark" aria-hidden="true">
            %
          </span>
          <span className="one-click-promo-text">
            <Rich
              k={
                promo.outcome === 'CASHBACK'
                  ? 'one_click:phone.cashback'
                  : 'one_click:phone.discount'
              }
              slots={{
                amount: (
                  <bdi className="one-click-amount">
                    {formatPromoAmount(promo, INTL_LOCALE[locale])}
                  </bdi>
                ),
              }}
            />
          </span>
        </p>
      )}
      <p className="muted">{t('one_click:phone.intro')}</p>
      <PhoneInput
        value={state.phoneInput}
        onChange={flow.changePhone}
        error={state.fieldError ? t.text(state.fieldError) : undefined}
        disabled={state.submitting}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={state.remember}
          disabled={state.submitting}
          onChange={(event) => flow.changeRemember(event.target.checked)}
        />
        <span>{t('one_click:phone.remember')}</span>
      </label>
      {state.error && <ErrorAlert>{t.text(state.error)}</ErrorAlert>}
      <Button type="submit" pending={state.submitting} pendingLabel={t('common:pleaseWait')}>
        {t('one_click:phone.continue')}
      </Button>
    </form>
  );
}

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
  focus: boolean;
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
      <ViewHeading focus={props.focus}>{props.title}</ViewHeading>
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
export function SignupInApp({ flow, focus }: ViewProps) {
  const t = useT();
  return (
    <Ending
      focus={focus}
      image="phone"
      title={t('one_click:signup.title')}
      body={t('one_click:signup.body')}
      onRetry={flow.restart}
    />
  );
}

export function RejectedView({ flow, focus }: ViewProps) {
  const t = useT();
  return (
    <Ending
      focus={focus}
      image="stop"
      title={t('one_click:rejected.title')}
      body={t('one_click:rejected.body')}
      onRetry={flow.restart}
    />
  );
}

export function MaxTriesView({ focus }: ViewProps) {
  const t = useT();
  return (
    <Ending
      focus={focus}
      image="stop"
      title={t('one_click:maxTries.title')}
      body={t('one_click:maxTries.body')}
    />
  );
}

export function ErrorView({ flow, state, focus }: ViewProps) {
  const t = useT();
  if (state.view !== 'error') return null;
  return (
    <Ending
      focus={focus}
      image="alert"
      title={t('one_click:error.title')}
      alert={t.text(state.error)}
      body={t('one_click:error.body')}
      onRetry={flow.restart}
    />
  );
}

/** The login page's OTP view takes over (an OTP challenge, or sign-up with the flag on). */
export function RedirectToOtp({ state, focus }: ViewProps) {
  const t = useT();
  if (state.view !== 'redirect_to_otp') return null;
  const signup = state.reason === 'signup';
  return (
    <div className="stack center">
      <ViewHeading focus={focus}>
        {signup ? t('one_click:otp.signupTitle') : t('one_click:otp.title')}
      </ViewHeading>
      <div className="spinner" aria-hidden="true" />
      <p className="muted" role="status">
        <Rich
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
