/**
 * The building blocks of the link pages: a result card (illustration, heading that takes focus
 * when the view changes, body), the pre-rendered loader, the 'no answer, try again' card, the
 * support code and the contact-us line.
 */
import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { PRODUCT } from '../config.ts';
import type { Text } from '../i18n/types.ts';
import { Button } from './Button.tsx';
import { useT } from './i18n.tsx';
import { Illustration, type IllustrationKind } from './illustrations.tsx';

/**
 * A ref for the view's heading that moves focus to it whenever `view` changes (not on the
 * first render: the page's own load does not steal focus).
 */
export function useFocusOnChange(view: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const previous = useRef(view);
  useEffect(() => {
    if (previous.current === view) return;
    previous.current = view;
    ref.current?.focus();
  }, [view]);
  return ref;
}

export function LinkCard({
  view,
  illustration,
  title,
  headingRef,
  children,
}: {
  view: string;
  illustration: IllustrationKind;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <section className="card center stack link-page" data-view={view}>
      <Illustration kind={illustration} />
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** What the page shows before (and while) its call runs: painted from the static HTML. */
export function LinkLoader({
  title,
  headingRef,
}: {
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className="card center stack link-page" data-view="loading" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
    </section>
  );
}

/** No server answer (offline, timeout): say so and let the user try again. */
export function NetworkRetry({
  title,
  message,
  headingRef,
  onRetry,
}: {
  title: string;
  message: Text;
  headingRef: Ref<HTMLHeadingElement>;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <LinkCard view="network" illustration="offline" title={title} headingRef={headingRef}>
      <p role="alert">{t.text(message)}</p>
      <Button onClick={onRetry}>{t('common:retry')}</Button>
    </LinkCard>
  );
}

/**
 * A translated sentence with one part replaced by an element: `{{name}}` in the template marks
 * where (word order differs between languages).
 */
export function Sentence(props: { template: string; name: string; children: ReactNode }) {
  const t = useT();
  const marker = '\u0000';
  const [before = '', after = ''] =
    t.maybe(props.template, { [props.name]: marker })?.split(marker) ?? [];
  return (
    <>
      {before}
      {props.children}
      {after}
    </>
  );
}

export function SupportCode(props: { code: string }) {
  return (
    <p className="support-code">
      <Sentence template="common:supportCode" name="code">
        <bdi dir="ltr">
          <strong>{props.code}</strong>
        </bdi>
      </Sentence>
    </p>
  );
}

export function ContactLine() {
  const t = useT();
  return (
    <p className="link-contact muted">
      {t('links:contactPrompt')}{' '}
      <a href={PRODUCT.contactUrl} rel="noopener noreferrer">
        {t('common:contactUs')}
      </a>
    </p>
  );
}
