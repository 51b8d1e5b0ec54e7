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
  // Enabled as pre-rendered, whatever the view will say: a press before the island hydrates is
  // kept by the page's first script and replayed (src/ui/early-input.ts), never lost.
  const hydrated = useHydrated();
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      disabled={hydrated && disabled === true}
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
