/**
 * What every step of `/recovery`'s form shares: the card of a step (count, title, form, what
 * follows), what a step is given, and the way back to the login page.
 */
import type { ReactNode } from 'react';
import type { Text } from '../../i18n/types.ts';
import type { RecoveryFormFlow } from '../../stores/flows/recovery-form/flow.ts';
import type { RecoveryFormState } from '../../stores/flows/recovery-form/state.ts';
import { FormError } from '../../ui/ErrorAlert.tsx';
import { Form } from '../../ui/Form.tsx';
import { useT } from '../../ui/i18n.tsx';
import { ViewHeading } from '../../ui/ViewHeading.tsx';

const STEPS = 3;
export const HEADING_ID = 'recovery-title';

/** A step: its count and title, what it asks, its form (the form's error first), what follows. */
export function StepCard(props: {
  current: number;
  title: string;
  intro: ReactNode;
  error: Text | undefined;
  onSubmit: () => unknown;
  children: ReactNode;
  after: ReactNode;
}) {
  const t = useT();
  return (
    <section className="card stack" aria-labelledby={HEADING_ID}>
      <p className="step-count muted">
        {t('recovery:form.step', { current: props.current, total: STEPS })}
      </p>
      <ViewHeading id={HEADING_ID}>{props.title}</ViewHeading>
      {props.intro}
      <Form className="stack" onSubmit={props.onSubmit}>
        <FormError error={props.error} />
        {props.children}
      </Form>
      {props.after}
    </section>
  );
}

/** What a step is given: the flow, its state in that step, the login page's address. */
export interface StepProps<V extends RecoveryFormState['view']> {
  flow: RecoveryFormFlow;
  state: Extract<RecoveryFormState, { view: V }>;
  loginHref: string;
}

/** Back to the login page (of the same client). */
export function BackToLogin(props: { href: string }) {
  const t = useT();
  return (
    <a className="button button-link" href={props.href}>
      {t('common:backToLogin')}
    </a>
  );
}
