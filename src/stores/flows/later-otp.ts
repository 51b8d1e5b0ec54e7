/**
 * The code step of the login and sign-up flows, loaded later: the sub-flow (otp.ts) is not in
 * their first-load JS. Its code loads when the browser is idle (src/lib/later.ts), and the
 * sub-flow is made the first time the flow opens the step or the view asks for it; a step opened
 * before the code is here starts once it arrives (a step left meanwhile never starts).
 */
import { later } from '../../lib/later.ts';
import type * as OtpModule from './otp.ts';
import type { OtpDeps, OtpFlow } from './otp.ts';

const otpCode = later(() => import('./otp.ts'), { patient: true });

export interface LaterOtp {
  /** The sub-flow, if it is made already (the view renders it without waiting). */
  loaded: () => OtpFlow | undefined;
  /** The sub-flow, made once its code is here (the same promise every time). */
  flow: () => Promise<OtpFlow>;
  /** Opens the step for an identifier and sends the first code (otp.ts, `start`). */
  start: (identifier: string) => Promise<void>;
  /** Leaves the step: timers stop, late answers are ignored, a start still waiting is dropped. */
  stop: () => void;
  destroy: () => void;
}

export function laterOtp(deps: OtpDeps): LaterOtp {
  let made: OtpFlow | undefined;
  let making: Promise<OtpFlow> | undefined;
  let destroyed = false;
  // Each start and stop: a start whose turn has passed when the code arrives does nothing.
  let turn = 0;

  const make = (module: typeof OtpModule): OtpFlow => {
    made ??= module.createOtpFlow(deps);
    if (destroyed) made.destroy();
    return made;
  };
  /** Made at once when the code is here already. */
  const loaded = (): OtpFlow | undefined => {
    const here = otpCode.loaded();
    return made ?? (here && make(here));
  };
  const flow = (): Promise<OtpFlow> => (making ??= otpCode.load().then(make));

  return {
    loaded,
    flow,
    async start(identifier) {
      const mine = (turn += 1);
      const otp = loaded() ?? (await flow());
      if (mine !== turn || destroyed) return;
      await otp.start(identifier);
    },
    stop() {
      turn += 1;
      made?.stop();
    },
    destroy() {
      destroyed = true;
      turn += 1;
      made?.destroy();
    },
  };
}
