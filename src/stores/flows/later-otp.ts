/**
 * The code step of the login and sign-up flows, loaded later: the sub-flow (otp.ts) is not in
 * their first-load JS. Its code loads when the browser is idle (src/lib/later.ts), and the
 * sub-flow is made the first time the flow opens the step or the view asks for it; a step opened
 * before the code is here starts once it arrives (a step left meanwhile never starts).
 */
import { later, madeLater } from '../../lib/later.ts';
import type { OtpDeps, OtpFlow } from './otp.ts';

const otpCode = later(() => import('./otp.ts'), { patient: true });

export interface LaterOtp {
  /** The sub-flow, if it is made already (the view renders it without waiting). */
  loaded: () => OtpFlow | undefined;
  /** The sub-flow, made once its code is here (the same one every time). */
  flow: () => Promise<OtpFlow>;
  /** Opens the step for an identifier and sends the first code (otp.ts, `start`). */
  start: (identifier: string) => Promise<void>;
  /** Leaves the step: timers stop, late answers are ignored, a start still waiting is dropped. */
  stop: () => void;
  destroy: () => void;
}

export function laterOtp(deps: OtpDeps): LaterOtp {
  let destroyed = false;
  // Each start and stop: a start whose turn has passed when the code arrives does nothing.
  let turn = 0;
  const otp = madeLater(otpCode, (module) => {
    const made = module.createOtpFlow(deps);
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
