import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from './use-query.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link';
  /** While true the button says `pendingLabel`, is busy, and ignores clicks (no double submit). */
  pending?: boolean;
  pendingLabel?: string;
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  type = 'button',
  disabled,
  children,
  className,
  onClick,
  ...rest
}: ButtonProps) {
  // A submit button pre-rendered before its island hydrates would submit the form natively
  // (a reload that loses the input): it stays disabled until the handlers are attached.
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled === true || (type === 'submit' && !hydrated)}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
