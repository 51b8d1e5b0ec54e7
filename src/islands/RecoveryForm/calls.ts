/**
 * The browser's side of what the recovery form does once the details are sent: its calls, the
 * waits this tab keeps, and the notice that says how long a wait lasts (the details draw its
 * empty live region until this is here). Not in the first load: RecoveryForm.tsx loads it with
 * `later`.
 */
export {
  createRecoveryToken,
  resetPassword,
  sendRecoveryCode,
  verifyRecoveryCode,
} from '../../api/recovery.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { WaitNotice } from '../../ui/WaitNotice.tsx';
