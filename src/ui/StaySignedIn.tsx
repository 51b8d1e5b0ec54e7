/**
 * 'Stay signed in on this browser', with the line under it that says what it means on a shared
 * computer: one-click's phone form and the login's password and code steps. The `common`
 * namespace (`common:staySignedIn`).
 */
import { useId } from 'react';
import { useT } from './i18n.tsx';

export interface StaySignedInProps {
  checked: boolean;
  disabled?: boolean | undefined;
  onChange: (checked: boolean) => void;
}

export function StaySignedIn({ checked, disabled, onChange }: StaySignedInProps) {
  const t = useT();
  const hint = useId();
  return (
    <div className="stay-signed-in">
      <label className="checkbox">
        <input
          type="checkbox"
          name="remember"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{t('common:staySignedIn.label')}</span>
      </label>
      <p id={hint} className="field-hint muted">
        {t('common:staySignedIn.sharedComputer')}
      </p>
    </div>
  );
}
