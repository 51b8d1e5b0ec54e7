/**
 * The blocked-account page (the login's redirect_to_blocked_user, the sign-up's blocked_user):
 * its own image per variant, a contact-support link and a way back to the login. Needs the
 * `login` namespace's `blocked` messages.
 */
import { PRODUCT } from '../config.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';
import { ViewHeading } from './ViewHeading.tsx';

export type BlockedVariant = 'USER_BLOCKED' | 'USER_BLOCKED_FOR_SIGNUP';

export function BlockedNotice(props: {
  variant: BlockedVariant;
  /** Back to the login: an action on the login page, a link elsewhere. */
  back: { onClick: () => void } | { href: string };
}) {
  const t = useT();
  const signup = props.variant === 'USER_BLOCKED_FOR_SIGNUP';
  return (
    <div className="stack center login-blocked" data-variant={props.variant}>
      <img
        className="login-blocked-image"
        src={signup ? '/images/blocked-signup.svg' : '/images/blocked-user.svg'}
        alt=""
        width={160}
        height={120}
      />
      <ViewHeading>
        {signup ? t('login:blocked.signupTitle') : t('login:blocked.title')}
      </ViewHeading>
      <p>{signup ? t('login:blocked.signupBody') : t('login:blocked.body')}</p>
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
