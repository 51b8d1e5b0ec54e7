/**
 * Apple and Google sign-in buttons (login and sign-up): each starts loading its SDK on hover or
 * focus, so the window opens at once on the click.
 */
import { googleSdkMode, warmSocial, type SocialProvider } from '../lib/social/index.ts';
import type { SocialResult } from '../lib/social/types.ts';
import { Button } from './Button.tsx';
import { useEarlyAction } from './early-input.ts';
import { Suspense } from 'react';
import { useT } from './i18n.tsx';
import { lazyView } from './lazy-view.tsx';
import { useHydrated } from './use-query.ts';

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
  // Pressed before the island ran: the provider's window opens now, on that press's activation
  // (for Google, the OAuth popup that stands in for Google's own button). Once the browser has
  // let the activation lapse, the window is blocked and the view says so (`popup_closed`).
  useEarlyAction(provider, () => props.onSignIn(provider));
  return (
    <Button
      variant="secondary"
      data-early={provider}
      className={`social-button social-${provider}`}
      pending={props.pending}
      pendingLabel={t('common:pleaseWait')}
      {...(props.disabled !== undefined ? { disabled: props.disabled } : {})}
      onPointerEnter={() => warmSocial(provider)}
      onFocus={() => warmSocial(provider)}
      onClick={() => props.onSignIn(provider)}
    >
      {/* The stylesheet's image, never an inline style's: Chromium sends what an inline style asks
          for with the page's whole address as Referer, whatever the page's referrer policy. */}
      <span className={`social-mark social-mark-${provider}`} aria-hidden="true" />
      {props.label}
    </Button>
  );
}

// Google's button and its library come after first render (design.md, budgets): ours stands in.
const GoogleButton = lazyView(() => import('./GoogleButton.tsx').then((m) => m.GoogleButton), {
  when: 'demand',
});

/**
 * Apple's button, or Google's: Google's own (`GoogleButton`) where Google's library is used,
 * whose credential goes to `onCredential`; the sandbox's window otherwise.
 */
export function ProviderButton(
  props: SocialButtonProps & {
    googleText: 'signin_with' | 'signup_with';
    onCredential: (provider: SocialProvider, result: SocialResult) => void;
  },
) {
  const { googleText, onCredential, ...button } = props;
  // Decided once hydrated, so that the pre-rendered page always has our button: a sandbox build's
  // switch (a test's) exists only in the browser, and a production build that pre-rendered
  // Google's lazily loaded one would suspend while pre-rendering, which puts React's inline
  // reveal scripts into the page, unhashed, so its CSP blocks them and hydration fails.
  const hydrated = useHydrated();
  const google = googleSdkMode() && hydrated;
  if (props.provider !== 'google' || !google) return <SocialButton {...button} />;
  return (
    <Suspense fallback={<SocialButton {...button} />}>
      <GoogleButton
        {...button}
        text={googleText}
        onCredential={(result) => onCredential('google', result)}
      />
    </Suspense>
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
    googleText: 'signin_with' | 'signup_with';
    onCredential: (provider: SocialProvider, result: SocialResult) => void;
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
        <ProviderButton
          key={provider}
          provider={provider}
          label={props.label(provider)}
          pending={props.pending(provider)}
          disabled={props.disabled?.(provider)}
          onSignIn={props.onSignIn}
          googleText={props.googleText}
          onCredential={props.onCredential}
        />
      ))}
      {props.orAfter && or}
    </div>
  );
}
