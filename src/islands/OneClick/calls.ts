/**
 * The browser's side of what one-click checkout does once the shopper submits: its calls, the
 * waits this tab keeps, and the notice that says how long a wait lasts (the phone form draws its
 * empty live region until this is here). Not in the first load: OneClick.tsx loads it with
 * `later`.
 */
export { approvalStatus, oneClickLogin, oneClickProof } from '../../api/one-click.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { WaitNotice } from '../../ui/WaitNotice.tsx';
