/**
 * The login's calls to the identity API (its logins and its codes), which Login.tsx hands the
 * flow: loaded when the browser is idle, not with the page (the first view makes no call).
 */
export { appleLogin, emailLogin, googleLogin, phoneLogin } from '../../api/login.ts';
export { sendOtp, verifyOtp } from '../../api/otp.ts';
