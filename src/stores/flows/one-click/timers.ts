/**
 * One-click checkout's timed work, as task objects in the manner of Slow Reader's
 * `createDownloadTask`: each task owns its timer and the abort controller of its call, and `stop`
 * ends both. What runs where is one table (`TASK_VIEWS`): leaving a view stops the tasks that do
 * not run in the view entered; a new request (a push sent) starts the poll and the countdown tick;
 * the open-app wait starts from its button. Besides the table: a resend replaces the request (its
 * polls stop, and resume if the resend gets no answer); a hidden page stops everything, and once
 * shown again the clock catches up and the request is asked about at once.
 */
import type { ApproveStatus } from '../../../contract/identity-api.ts';
import { OPEN_APP_DELAY_MS } from '../../../lib/open-app.ts';
import { isWaiting, type OneClickEvent, type OneClickState, type OneClickView } from './state.ts';
import { nextTickAt, pollDelay } from './waiting.ts';

export interface Scheduler {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One piece of timed work: at most one timer waiting and one call in flight. */
export function createTask(clock: Scheduler) {
  let timer: unknown;
  let call: AbortController | undefined;

  function clearTimer(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  }

  return {
    /** Runs `run` after `ms`, instead of what was waiting; its signal is aborted by `stop`. */
    after(ms: number, run: (signal: AbortSignal) => unknown): void {
      clearTimer();
      timer = clock.setTimeout(() => {
        timer = undefined;
        const own = new AbortController();
        call = own;
        void Promise.resolve(run(own.signal)).finally(() => {
          if (call === own) call = undefined;
        });
      }, ms);
    },
    /** Forgets what was waiting (a call in flight goes on). */
    clearTimer,
    /** Forgets what was waiting and aborts the call in flight. */
    stop(): void {
      clearTimer();
      call?.abort();
      call = undefined;
    },
  };
}

export type Task = ReturnType<typeof createTask>;
export type TaskName = 'poll' | 'tick' | 'openApp';

/** The views each task runs in: entering any other view stops it. */
export const TASK_VIEWS = {
  /** The approval poll: 1 s for the first 2 polls of a request, then every 5 s. */
  poll: ['push_notification', 'confirm_via_app'],
  /** The countdowns' clock: a tick at each visible change, until the last countdown ends. */
  tick: ['push_notification', 'confirm_via_app'],
  /** 'Open the app': the device's store 1 s later, unless the page was hidden meanwhile. */
  openApp: ['confirm_via_app'],
} as const satisfies Record<TaskName, readonly OneClickView[]>;

const TASK_NAMES = Object.keys(TASK_VIEWS) as TaskName[];

export interface OneClickTimersDeps {
  clock: Scheduler;
  get: () => OneClickState;
  dispatch: (event: OneClickEvent) => void;
  /** The flow is destroyed or the page hidden: nothing is scheduled. */
  paused: () => boolean;
  /** One poll: the request's status, or undefined when it did not answer. */
  status: (id: string, signal: AbortSignal) => Promise<ApproveStatus | undefined>;
  /** A poll answered `confirmed` or `rejected` for request `id`. */
  settled: (id: string, status: 'confirmed' | 'rejected') => void;
}

export function createOneClickTimers(deps: OneClickTimersDeps) {
  const { clock } = deps;
  const tasks: Record<TaskName, Task> = {
    poll: createTask(clock),
    tick: createTask(clock),
    openApp: createTask(clock),
  };
  /** Polls answered for the current request. */
  let pollsDone = 0;

  function canPoll(): boolean {
    const state = deps.get();
    return isWaiting(state) && !state.submitting && !state.confirming && !deps.paused();
  }

  function schedulePoll(delay = pollDelay(pollsDone)): void {
    if (!canPoll()) {
      tasks.poll.clearTimer();
      return;
    }
    tasks.poll.after(delay, poll);
  }

  async function poll(signal: AbortSignal): Promise<void> {
    const state = deps.get();
    if (!isWaiting(state) || !canPoll()) return;
    const id = state.approval.id;
    const status = await deps.status(id, signal);
    const now = deps.get();
    if (signal.aborted || !isWaiting(now) || now.approval.id !== id) return;
    pollsDone += 1;
    if (status === 'confirmed' || status === 'rejected') deps.settled(id, status);
    else schedulePoll();
  }

  function scheduleTick(): void {
    tasks.tick.stop();
    const state = deps.get();
    if (!isWaiting(state) || deps.paused()) return;
    const at = nextTickAt({ ...state, now: clock.now() });
    if (at === undefined) return;
    tasks.tick.after(Math.max(0, at - clock.now()), () => {
      deps.dispatch({ type: 'tick', now: clock.now() });
      scheduleTick();
    });
  }

  function stopAll(): void {
    for (const name of TASK_NAMES) tasks[name].stop();
  }

  return {
    stopAll,

    /** Follows the state: the table on a change of view, then the request's own life. */
    react(state: OneClickState, previous: OneClickState): void {
      if (state.view !== previous.view) {
        for (const name of TASK_NAMES) {
          if (!(TASK_VIEWS[name] as readonly OneClickView[]).includes(state.view)) {
            tasks[name].stop();
          }
        }
      }
      if (!isWaiting(state)) return;
      const newRequest = !isWaiting(previous) || previous.approval.id !== state.approval.id;
      if (newRequest) {
        tasks.poll.stop();
        pollsDone = 0;
        schedulePoll();
        scheduleTick();
      } else if (state.submitting && !previous.submitting) {
        // The request is being replaced: its polls stop; the new one starts its own.
        tasks.poll.stop();
      } else if (!state.submitting && previous.submitting) {
        // The resend got no answer: the old request is still the one to watch.
        schedulePoll();
      }
    },

    /** Hidden: everything stops. Shown: the clock catches up, and the request is asked at once. */
    visibilityChanged(hidden: boolean): void {
      if (hidden) {
        stopAll();
        return;
      }
      if (!isWaiting(deps.get())) return;
      deps.dispatch({ type: 'tick', now: clock.now() });
      scheduleTick();
      schedulePoll(0);
    },

    /** 'Open the app': `run` (the store) after the wait, instead of an earlier one. */
    openAppLater(run: () => void): void {
      tasks.openApp.after(OPEN_APP_DELAY_MS, run);
    },
  };
}
