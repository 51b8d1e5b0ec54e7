import { useEffect, useId, useRef, useState } from 'react';
import { SANDBOX } from '../config.ts';
import {
  loadGoogleRecaptcha,
  renderGoogleRecaptcha,
  sandboxRecaptchaToken,
} from '../lib/recaptcha.ts';
import type { Text } from '../i18n/types.ts';
import type { RecaptchaMode } from '../lib/recaptcha-mode.ts';
import { useT } from './i18n.tsx';

interface RecaptchaProps {
  mode: Exclude<RecaptchaMode, 'off'>;
  onToken: (token: string) => void;
  /**
   * What a failed or expired check says: the message of the page's error family for a failed
   * verification (spec section 8), `RECAPTCHA_FAILED_VERIFICATION` on the login, sign-up and
   * one-click pages, `INVALID_RECAPTCHA` on the recovery ones.
   */
  failure: Text;
}

/**
 * The v2 challenge: Google's widget in production, a local 'I'm not a robot' check in the
 * sandbox (a production build holds no code of it: `SANDBOX` is a constant there). Calls
 * `onToken` once the person has passed it.
 */
export function Recaptcha(props: RecaptchaProps) {
  if (props.mode === 'google' || !SANDBOX) {
    return <GoogleRecaptcha onToken={props.onToken} failure={props.failure} />;
  }
  return <SandboxRecaptcha onToken={props.onToken} />;
}

function GoogleRecaptcha({ onToken, failure }: Pick<RecaptchaProps, 'onToken' | 'failure'>) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const widget = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!widget.current) return;
    const element = widget.current;
    loadGoogleRecaptcha().then(
      (api) => renderGoogleRecaptcha(api, element, onToken, () => setFailed(true)),
      () => setFailed(true),
    );
  }, [onToken]);

  return (
    <div className="stack">
      <div ref={widget} />
      {failed && (
        <p className="field-error" role="alert">
          {t.text(failure)}
        </p>
      )}
    </div>
  );
}

function SandboxRecaptcha({ onToken }: Pick<RecaptchaProps, 'onToken'>) {
  const t = useT();
  const id = useId();
  const [checked, setChecked] = useState(false);
  return (
    <div className="recaptcha-sandbox stack">
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <label htmlFor={id}>{t('recaptcha:label')}</label>
      </div>
      <p className="muted">{t('recaptcha:sandboxNote')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={!checked}
        onClick={() => onToken(sandboxRecaptchaToken())}
      >
        {t('recaptcha:confirm')}
      </button>
    </div>
  );
}
