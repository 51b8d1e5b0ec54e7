/**
 * The push wait (push_notification) and its phone variant (confirm_via_app, with the open-app
 * button): the number with 'Change', the 'notification sent' tick, the sent-notification line,
 * 'Resend notification' held back with a seconds countdown (and, when the server rate-limits the
 * resend, until its wait ends, said by `<WaitNotice>`); with number matching, the number to pick
 * in the app, large and left-to-right, with the merchant and promo the server's approval names
 * (never the address's: security review, L7); 'Use a code by SMS instead'. The flow
 * owns every timer; this only reads the clock it keeps in the state.
 */
import { serverCheckout } from '../../lib/promo.ts';
import { isWaiting } from '../../stores/flows/one-click/state.ts';
import {
  canResend,
  challengeNumber,
  noticeIn,
  resendIn,
  showsSentTick,
} from '../../stores/flows/one-click/waiting.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { Ltr, RichText, useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';
import { PromoLine, type ViewProps } from './Views.tsx';

/** The shopper's number, left-to-right inside any sentence. */
export function ShownPhone(props: { digits: string }) {
  return <Ltr className="one-click-phone">+{props.digits}</Ltr>;
}

export function WaitingView({ flow, state, locale }: ViewProps) {
  const t = useT();
  if (!isWaiting(state)) return null;
  const app = state.view === 'confirm_via_app';
  const seconds = resendIn(state);
  const notice = noticeIn(state);
  const enabled = canResend(state);
  const number = challengeNumber(state.approval);
  // The checkout as the server's approval names it, never as the address does (L7).
  const { merchant, promo } = serverCheckout(state.approval);
  const resendLabel = state.submitting
    ? t('common:pleaseWait')
    : seconds > 0
      ? t('one_click:push.resendIn', { count: seconds })
      : t('one_click:push.resend');
  return (
    <div className="stack one-click-wait">
      <ViewHeading>{app ? t('one_click:app.title') : t('one_click:push.title')}</ViewHeading>
      <p className="one-click-sent-to">
        <RichText
          k={app ? 'one_click:app.body' : 'one_click:push.body'}
          slots={{ phone: <ShownPhone digits={state.phone} /> }}
        />{' '}
        <button
          type="button"
          className="one-click-change"
          aria-label={t('one_click:push.changeLabel')}
          disabled={state.confirming}
          onClick={flow.changeNumber}
        >
          {t('one_click:push.change')}
        </button>
      </p>
      {number && (
        <div className="one-click-number">
          <p>
            {merchant ? (
              <RichText
                k="one_click:push.number"
                slots={{ merchant: <bdi className="one-click-merchant-name">{merchant}</bdi> }}
              />
            ) : (
              t('one_click:push.numberNoMerchant')
            )}
          </p>
          <p className="one-click-number-value" dir="ltr" data-number>
            {number}
          </p>
          {promo && <PromoLine promo={promo} locale={locale} />}
        </div>
      )}
      <div className="one-click-status" role="status">
        {state.confirming ? (
          <p>{t('one_click:push.confirming')}</p>
        ) : (
          showsSentTick(state) && (
            <p className="one-click-tick">
              <span className="one-click-tick-mark" aria-hidden="true">
                ✓
              </span>
              {t('one_click:push.sentTick')}
            </p>
          )
        )}
      </div>
      <div className="one-click-waiting">
        <div className="spinner" aria-hidden="true" />
        <p className="muted">{t('one_click:push.waiting')}</p>
      </div>
      <p className="muted one-click-notice">
        {notice > 0 ? t('one_click:push.sent', { count: notice }) : t('one_click:push.sentOver')}
      </p>
      <FormError error={state.error} />
      <WaitNotice wait={state.wait} />
      {app && (
        <Button disabled={state.confirming} onClick={() => flow.openApp()}>
          {t('one_click:app.open')}
        </Button>
      )}
      <button
        type="button"
        className={`button ${app ? 'button-secondary' : 'button-primary'} one-click-resend`}
        // aria-disabled, not disabled: the button keeps keyboard focus while it counts down.
        aria-disabled={!enabled || undefined}
        aria-busy={state.submitting || undefined}
        onClick={() => {
          if (enabled) void flow.resend();
        }}
      >
        {resendLabel}
      </button>
      <Button variant="link" disabled={state.confirming} onClick={() => flow.useSms()}>
        {t('one_click:push.useSms')}
      </Button>
      {state.prefersApp && (
        <Button
          variant="link"
          disabled={state.confirming}
          onClick={() => flow.switchTo(app ? 'push_notification' : 'confirm_via_app')}
        >
          {app ? t('one_click:app.usePush') : t('one_click:push.useApp')}
        </Button>
      )}
    </div>
  );
}
