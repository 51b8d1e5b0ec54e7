import type { FormHTMLAttributes, ReactNode } from 'react';
import { useEarlyAction } from './early-input.ts';

/**
 * A form the flow sends: no browser validation (the flow checks and says what is wrong), and the
 * submit calls `onSubmit` instead of posting the page. A submit made before the island hydrated
 * (kept by the page's first script) is sent once it runs. `method="post"`: were a form ever posted
 * natively by mistake, nothing typed would land in an address.
 */
export function Form(
  props: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
    onSubmit: () => unknown;
    children: ReactNode;
  },
) {
  const { onSubmit, children, ...rest } = props;
  useEarlyAction('submit', () => void onSubmit());
  return (
    <form
      {...rest}
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
