/**
 * The sign-up's calls: the onboarding, the Apple and Google logins (the flow's effects make them)
 * and the code step's, the device record and id they send, and the waits this tab keeps. None is
 * made on the first view: Signup.tsx loads them later.
 */
export { appleLogin, googleLogin } from '../../api/login.ts';
export { sendOtp, verifyOtp } from '../../api/otp.ts';
export { onboard } from '../../api/signup.ts';
export { deviceIdentity } from '../../lib/device.ts';
export { sessionWaits } from '../../lib/wait-store.ts';
export { profiling, shieldParams } from '../../stores/flows/device-deps.ts';
