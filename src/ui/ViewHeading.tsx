import { createContext, useContext, useRef, type ReactNode } from 'react';
import { useFocusOnChange } from './use-focus-on-change.ts';

interface ViewFocusValue {
  /** The flow's `$viewChanged`: the page has left its first view. */
  focus: boolean;
  /** The screen shown now. */
  view: string;
}

const ViewFocusContext = createContext<ViewFocusValue>({ focus: false, view: '' });

/** Tells the view headings inside it which screen is shown and whether it may take focus. */
export function ViewFocus(props: ViewFocusValue & { children: ReactNode }) {
  const { focus, view } = props;
  return (
    <ViewFocusContext.Provider value={{ focus, view }}>{props.children}</ViewFocusContext.Provider>
  );
}

/**
 * A view's title (`h1`): it takes focus when its view opens after the page's first view, so
 * screen readers hear the new step (see `useFocusOnChange`).
 */
export function ViewHeading(props: { children: ReactNode; id?: string | undefined }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { focus, view } = useContext(ViewFocusContext);
  useFocusOnChange(ref, focus, view);
  return (
    <h1 ref={ref} tabIndex={-1} id={props.id}>
      {props.children}
    </h1>
  );
}
