import { useEffect, useId, useRef, useState } from 'react';
import {
  loadGoogleRecaptcha,
  renderGoogleRecaptcha,
  sandboxRecaptchaToken,
} from '../lib/recaptcha.ts';
import type { RecaptchaMode } from '../lib/recaptcha-mode.ts';
import { useT } from './i18n.tsx';

/**
 * The v2 challenge: Google's widget in production, a local 'I'm not a robot' check in the
 * sandbox. Calls `onToken` once the person has passed it.
 */
export function Recaptcha(props: {
  mode: Exclude<RecaptchaMode, 'off'>;
  onToken: (token: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [checked, setChecked] = useState(false);
  const [failed, setFailed] = useState(false);
  const widget = useRef<HTMLDivElement>(null);
  const { mode, onToken } = props;

  useEffect(() => {
    if (mode !== 'google' || !widget.current) return;
    const element = widget.current;
    loadGoogleRecaptcha().then(
      (api) => renderGoogleRecaptcha(api, element, onToken, () => setFailed(true)),
      () => setFailed(true),
    );
  }, [mode, onToken]);

  if (mode === 'google') {
    return (
      <div className="stack">
        <div ref={widget} />
        {failed && (
          <p className="field-error" role="alert">
            {t('recaptcha:failed')}
          </p>
        )}
      </div>
    );
  }
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
