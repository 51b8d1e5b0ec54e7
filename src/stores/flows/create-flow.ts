/**
 * What every flow is built on (the template is README.md in this folder): one atom holding a
 * union on `view`, changed only by `dispatch` through the flow's pure `transition`; one signal
 * for focus (`$viewChanged`); one guard that drops late answers (`begin`/`cancel`); reactions
 * bound with `onChange` and undone, with every timer and call, by `destroy`.
 */
import { atom, type ReadableAtom } from 'nanostores';

/** A flow's state: a union on `view`, the screen it shows. */
export interface ViewState {
  view: string;
}

export interface FlowOptions<S extends ViewState, E extends { type: string }> {
  initial: S;
  transition: (state: S, event: E) => S;
  /**
   * The event that opens the flow on the view its address asks for (the login presets): the
   * change of view it makes is not one the person made, so it does not turn `$viewChanged` on.
   */
  opening?: E['type'];
}

/** What every flow exposes as it is (spread into the flow's own object, next to its actions). */
export interface FlowSurface<S extends ViewState, E> {
  $state: ReadableAtom<S>;
  /**
   * False on the page's first view; true from the first change of view on. A view's heading takes
   * focus when it appears while this is true, so screen readers hear each new step, and the
   * page's own load never steals focus.
   */
  $viewChanged: ReadableAtom<boolean>;
  dispatch: (event: E) => void;
  /** Unbinds the reactions, stops every timer and drops every answer still on its way. */
  destroy: () => void;
}

export function createFlow<S extends ViewState, E extends { type: string }>(
  options: FlowOptions<S, E>,
) {
  const $state = atom<S>(options.initial);
  const $viewChanged = atom(false);
  const cleanups: (() => void)[] = [];
  let call: AbortController | undefined;
  let destroyed = false;

  function dispatch(event: E): void {
    if (destroyed) return;
    const previous = $state.get();
    const next = options.transition(previous, event);
    $state.set(next);
    if (next.view !== previous.view && event.type !== options.opening) $viewChanged.set(true);
  }

  /**
   * Starts a call: its answer is late once a newer call begins, `cancel` runs (the view that
   * waited for it was left) or the flow is destroyed. After each `await`, a flow drops a late
   * answer with `if (signal.aborted) return;` (the signal can also be handed to the request).
   */
  function begin(): AbortSignal {
    call?.abort();
    call = new AbortController();
    if (destroyed) call.abort();
    return call.signal;
  }

  /** Makes the answer of the call in flight late. */
  function cancel(): void {
    call?.abort();
    call = undefined;
  }

  function destroy(): void {
    if (destroyed) return;
    destroyed = true;
    cancel();
    for (const cleanup of cleanups.splice(0)) cleanup();
  }

  const surface: FlowSurface<S, E> = { $state, $viewChanged, dispatch, destroy };

  return {
    surface,
    dispatch,
    /** The state now (for actions; views read `$state` with `useStore`). */
    get: (): S => $state.get(),
    begin,
    cancel,
    /** A reaction to every change of state (`previous` is the state before it). */
    onChange(reaction: (state: S, previous: S) => void): void {
      cleanups.push($state.listen((state, previous) => reaction(state, previous as S)));
    },
    /** Something `destroy` undoes (a timer, a subscription, a sub-flow). */
    onDestroy(cleanup: () => void): void {
      cleanups.push(cleanup);
    },
    isDestroyed: (): boolean => destroyed,
  };
}

export type Flow<S extends ViewState, E extends { type: string }> = ReturnType<
  typeof createFlow<S, E>
>;

/**
 * The fields every view of a flow keeps, copied from `state` when it changes view (so no field of
 * the view it leaves is carried over). `fields` lists them all: a field added to the flow's common
 * part fails the typecheck until it is listed.
 */
export function commonOf<C extends object>(state: C, fields: Readonly<Record<keyof C, true>>): C {
  const common = {} as C;
  for (const key of Object.keys(fields) as (keyof C)[]) common[key] = state[key];
  return common;
}
