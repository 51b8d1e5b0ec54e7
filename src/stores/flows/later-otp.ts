/**
 * The code step of the login and sign-up flows, loaded later: the sub-flow (otp.ts) is not in
 * their first-load JS. Its code loads when the browser is idle (src/lib/later.ts), as do the waits
 * kept across a reload (the flow's `wait`), and the sub-flow is made the first time the flow opens
 * the step or the view asks for it once both are here; a step opened before they are here starts
 * once they arrive (a step left meanwhile never starts).
 */
import { later, madeLater } from '../../lib/later.ts';
import { withWaits } from './later-waits.ts';
import type { OtpDeps, OtpFlow } from './otp.ts';
import type { WaitDeps } from './waits.ts';

const otpCode = later(() => import('./otp.ts'), { patient: true });

/** The sub-flow's deps, with the kept waits loaded later (the flows' own `wait`). */
export type LaterOtpDeps = Omit<OtpDeps, 'wait'> & {
  wait?: (() => Promise<WaitDeps>) | undefined;
};

export interface LaterOtp {
  /** The sub-flow, if it is made already (the view renders it without waiting). */
  loaded: () => OtpFlow | undefined;
  /** The sub-flow, made once its code and the kept waits are here (the same one every time). */
  flow: () => Promise<OtpFlow>;
  /** Opens the step for an identifier and sends the first code (otp.ts, `start`). */
  start: (identifier: string) => Promise<void>;
  /** Leaves the step: timers stop, late answers are ignored, a start still waiting is dropped. */
  stop: () => void;
  destroy: () => void;
}

export function laterOtp(deps: LaterOtpDeps): LaterOtp {
  let destroyed = false;
  // Each start and stop: a start whose turn has passed when the code arrives does nothing.
  let turn = 0;
  const otp = madeLater(withWaits(otpCode, deps.wait), ([module, wait]) => {
    const made = module.createOtpFlow({ ...deps, wait });
    if (destroyed) made.destroy();
    return made;
  });

  return {
    loaded: otp.now,
    flow: otp.load,
    async start(identifier) {
      const mine = (turn += 1);
      const made = otp.now() ?? (await otp.load());
      if (mine !== turn || destroyed) return;
      await made.start(identifier);
    },
    stop() {
      turn += 1;
      otp.now()?.stop();
    },
    destroy() {
      destroyed = true;
      turn += 1;
      otp.now()?.destroy();
    },
  };
}
