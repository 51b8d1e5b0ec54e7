/**
 * The browser's side of what one-click checkout does once the shopper submits: its calls, the
 * device record they send and the waits this tab keeps. Not in the first load: OneClick.tsx loads it with
 * `later`.
 */
export { approvalStatus, oneClickLogin, oneClickProof } from '../../api/one-click.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { profiling } from '../../stores/flows/device-deps.ts';
