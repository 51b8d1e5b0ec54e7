/**
 * The blocked-account page (the login's redirect_to_blocked_user, the sign-up's blocked_user):
 * per variant its own image, the reason in plain words and, for the payment blocks, what the
 * person can do; a contact-support link and a way back to the login. Needs the `login`
 * namespace's `blocked` messages.
 */
import type { BlockedVariant } from '../api/error-catalogue.ts';
import { PRODUCT } from '../config.ts';
import type { I18nKey } from '../i18n/types.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';
import { ViewHeading } from './ViewHeading.tsx';

export type { BlockedVariant };

const VARIANTS = {
  USER_BLOCKED: {
    image: '/images/blocked-user.svg',
    title: 'login:blocked.title',
    body: 'login:blocked.body',
    action: undefined,
  },
  USER_BLOCKED_FOR_SIGNUP: {
    image: '/images/blocked-signup.svg',
    title: 'login:blocked.signupTitle',
    body: 'login:blocked.signupBody',
    action: undefined,
  },
  USER_BLOCKED_CASH_UNDERPAYMENT: {
    image: '/images/blocked-cash-trip.svg',
    title: 'login:blocked.cashTitle',
    body: 'login:blocked.cashBody',
    action: 'login:blocked.cashAction',
  },
  USER_BLOCKED_OUTSTANDING_PAYMENTS: {
    image: '/images/blocked-outstanding.svg',
    title: 'login:blocked.outstandingTitle',
    body: 'login:blocked.outstandingBody',
    action: 'login:blocked.outstandingAction',
  },
} as const satisfies Record<
  BlockedVariant,
  { image: string; title: I18nKey; body: I18nKey; action: I18nKey | undefined }
>;

export function BlockedNotice(props: {
  variant: BlockedVariant;
  /** Back to the login: an action on the login page, a link elsewhere. */
  back: { onClick: () => void } | { href: string };
}) {
  const t = useT();
  const variant = VARIANTS[props.variant];
  return (
    <div className="stack center login-blocked" data-variant={props.variant}>
      <img className="login-blocked-image" src={variant.image} alt="" width={160} height={120} />
      <ViewHeading>{t(variant.title)}</ViewHeading>
      <p>{t(variant.body)}</p>
      {variant.action && <p className="login-blocked-action">{t(variant.action)}</p>}
      <a
        className="button button-primary"
        href={PRODUCT.contactUrl}
        rel="noopener noreferrer"
        target="_blank"
      >
        {t('login:blocked.contact')}
      </a>
      {'href' in props.back ? (
        <a className="button button-secondary" href={props.back.href}>
          {t('login:blocked.back')}
        </a>
      ) : (
        <Button variant="secondary" onClick={props.back.onClick}>
          {t('login:blocked.back')}
        </Button>
      )}
    </div>
  );
}
