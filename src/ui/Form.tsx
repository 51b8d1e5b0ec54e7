import type { FormHTMLAttributes, ReactNode } from 'react';

/**
 * A form the flow sends: no browser validation (the flow checks and says what is wrong), and the
 * submit calls `onSubmit` instead of posting the page.
 */
export function Form(
  props: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
    onSubmit: () => unknown;
    children: ReactNode;
  },
) {
  const { onSubmit, children, ...rest } = props;
  return (
    <form
      {...rest}
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
