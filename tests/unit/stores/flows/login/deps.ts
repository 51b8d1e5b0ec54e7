/** The login flow's fake deps, for its effects and Google tests: every call answers at once. */
import { vi } from 'vitest';
import type { LoginDeps } from '../../../../../src/stores/flows/login/index.ts';

export function fakeLoginDeps(overrides: Partial<LoginDeps> = {}): LoginDeps {
  return {
    locale: 'en',
    phoneLogin: vi.fn(() => Promise.resolve({ token: 'proof' })),
    emailLogin: vi.fn(() => Promise.resolve({ token: 'proof' })),
    appleLogin: vi.fn(() => Promise.resolve('proof')),
    googleLogin: vi.fn(() => Promise.resolve('proof')),
    sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
    verifyOtp: vi.fn(() => Promise.resolve('otpv_1')),
    socialSignIn: vi.fn(() => Promise.resolve({ idToken: 'tok', email: 'a@b.co' })),
    validatePhone: vi.fn(() => Promise.resolve({ digits: '971500000001', country: 'AE' as const })),
    navigate: vi.fn(),
    handToSignup: vi.fn(),
    analytics: { page: vi.fn(), track: vi.fn(), flush: vi.fn(() => Promise.resolve()) },
    profiling: () => ({ platform: 'web' }),
    ...overrides,
  };
}
