import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $flags } from '../stores/flags.ts';
import { ViewFocus } from './ViewHeading.tsx';

/**
 * The card of a form whose layout the flags choose (login, sign-up): usable from its first paint,
 * whatever the flag service does (src/stores/flags.ts says when their answer applies). It carries
 * its view (`data-view`) and whether the flags have answered (`data-flags`), and tells its
 * headings when to take focus.
 */
export function FlagsCard(props: {
  className: string;
  view: string;
  focus: boolean;
  children: ReactNode;
}) {
  const { status } = useStore($flags);
  return (
    <section className={props.className} data-view={props.view} data-flags={status}>
      <ViewFocus focus={props.focus} view={props.view}>
        {props.children}
      </ViewFocus>
    </section>
  );
}
