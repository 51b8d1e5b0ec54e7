/** The one-click phone form, the first view (the others load later: Waiting.tsx, Endings.tsx). */
import { INTL_LOCALE, type Locale } from '../../i18n/config.ts';
import { formatPromoAmount, type Promo } from '../../lib/promo.ts';
import type { OneClickFlow } from '../../stores/flows/one-click/flow.ts';
import { isRateLimited, type OneClickState } from '../../stores/flows/one-click/state.ts';
import { Button } from '../../ui/Button.tsx';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { RichText, useT } from '../../ui/i18n.tsx';
import { PhoneInput } from '../../ui/PhoneInput.tsx';
import { StaySignedIn } from '../../ui/StaySignedIn.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';
import { Form } from '../../ui/Form.tsx';
import { WaitNotice } from '../../ui/WaitNotice.tsx';

export interface ViewProps {
  flow: OneClickFlow;
  state: OneClickState;
  locale: Locale;
}

/** A checkout's promo: 'Get 10% cashback on this purchase', or the discount. */
export function PromoLine({ promo, locale }: { promo: Promo; locale: Locale }) {
  return (
    <p className="one-click-promo" data-outcome={promo.outcome}>
      <span className="one-click-promo-mark" aria-hidden="true">
        %
      </span>
      <span className="one-click-promo-text">
        <RichText
          k={promo.outcome === 'CASHBACK' ? 'one_click:phone.cashback' : 'one_click:phone.discount'}
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
  );
}

export function PhoneForm({ flow, state, locale }: ViewProps) {
  const t = useT();
  if (state.view !== 'phone_form') return null;
  const { merchant, promo } = state.checkout;
  return (
    <Form className="stack one-click-form" onSubmit={() => flow.submit()}>
      <ViewHeading>{t('one_click:phone.title')}</ViewHeading>
      <p className="one-click-merchant">
        {merchant ? (
          <RichText
            k="one_click:phone.merchant"
            slots={{ merchant: <bdi className="one-click-merchant-name">{merchant}</bdi> }}
          />
        ) : (
          t('one_click:phone.noMerchant')
        )}
      </p>
      {promo && <PromoLine promo={promo} locale={locale} />}
      <p className="muted">{t('one_click:phone.intro')}</p>
      <PhoneInput
        value={state.phoneInput}
        onChange={flow.changePhone}
        error={state.fieldError}
        disabled={state.submitting}
      />
      <StaySignedIn
        checked={state.remember}
        disabled={state.submitting}
        onChange={flow.changeRemember}
      />
      <FormError error={state.error} />
      <WaitNotice wait={state.wait} />
      <Button
        type="submit"
        pending={state.submitting}
        pendingLabel={t('common:pleaseWait')}
        disabled={isRateLimited(state)}
      >
        {t('one_click:phone.continue')}
      </Button>
    </Form>
  );
}
