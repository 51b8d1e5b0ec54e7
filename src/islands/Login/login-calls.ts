/**
 * The login's calls to the identity API (its logins and its codes), the device record they send
 * and the waits this tab keeps, which Login.tsx hands the flow: loaded when the browser is idle,
 * not with the page (the first view makes no call).
 */
export { appleLogin, emailLogin, googleLogin, phoneLogin } from '../../api/login.ts';
export { sendOtp, verifyOtp } from '../../api/otp.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { profiling, shieldParams } from '../../stores/flows/device-deps.ts';
