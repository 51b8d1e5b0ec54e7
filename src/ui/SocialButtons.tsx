/**
 * Apple and Google sign-in buttons (login and sign-up): each starts loading its SDK on hover or
 * focus, so the window opens at once on the click.
 */
import { warmSocial, type SocialProvider } from '../lib/social/index.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';

export interface SocialButtonProps {
  provider: SocialProvider;
  label: string;
  pending: boolean;
  disabled?: boolean | undefined;
  onSignIn: (provider: SocialProvider) => void;
}

export function SocialButton(props: SocialButtonProps) {
  const t = useT();
  const { provider } = props;
  return (
    <Button
      variant="secondary"
      className={`social-button social-${provider}`}
      pending={props.pending}
      pendingLabel={t('common:pleaseWait')}
      {...(props.disabled !== undefined ? { disabled: props.disabled } : {})}
      onPointerEnter={() => warmSocial(provider)}
      onFocus={() => warmSocial(provider)}
      onClick={() => props.onSignIn(provider)}
    >
      <span className={`social-mark social-mark-${provider}`} aria-hidden="true" />
      {props.label}
    </Button>
  );
}

/** The buttons the page shows, with the 'or' line after them (`orAfter`) or before. */
export function SocialButtons(
  props: Omit<SocialButtonProps, 'provider' | 'label' | 'pending' | 'disabled'> & {
    providers: readonly SocialProvider[];
    or: string;
    orAfter?: boolean;
    label: (provider: SocialProvider) => string;
    pending: (provider: SocialProvider) => boolean;
    disabled?: (provider: SocialProvider) => boolean;
  },
) {
  if (props.providers.length === 0) return null;
  const or = (
    <p className="login-or" aria-hidden="true">
      <span>{props.or}</span>
    </p>
  );
  return (
    <div className="stack login-social">
      {!props.orAfter && or}
      {props.providers.map((provider) => (
        <SocialButton
          key={provider}
          provider={provider}
          label={props.label(provider)}
          pending={props.pending(provider)}
          disabled={props.disabled?.(provider)}
          onSignIn={props.onSignIn}
        />
      ))}
      {props.orAfter && or}
    </div>
  );
}
