/**
 * The browser's side of what the recovery form does once the details are sent: its calls and the
 * waits this tab keeps. Not in the first load: RecoveryForm.tsx loads it with
 * `later`.
 */
export {
  createRecoveryToken,
  resetPassword,
  sendRecoveryCode,
  verifyRecoveryCode,
} from '../../api/recovery.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
