/** The sign-up flow with fake deps, for its flow and wait tests. */
import { vi } from 'vitest';
import { DEFAULT_FLAGS } from '../../../../../src/stores/flags.ts';
import {
  createSignupFlow,
  DEFAULT_SIGNUP_PRESETS,
  type SignupDeps,
  type SignupPresets,
} from '../../../../../src/stores/flows/signup/index.ts';
import { openCodeStep } from '../code-step.ts';
import { PHONE } from './states.ts';

export function fakeDeps(overrides: Partial<SignupDeps> = {}) {
  const calls: string[] = [];
  const deps: SignupDeps = {
    locale: 'en',
    onboard: vi.fn(() => Promise.resolve('proof-1')),
    appleLogin: vi.fn(() => Promise.resolve('apple-proof')),
    googleLogin: vi.fn(() => Promise.resolve('google-proof')),
    sendOtp: vi.fn(() => Promise.resolve({ data: { resend_in: 60 } })),
    verifyOtp: vi.fn(() => Promise.resolve('ver-1')),
    socialSignIn: vi.fn(() =>
      Promise.resolve({ idToken: 'g.h.', email: 'new.google@example.com' }),
    ),
    parsePhone: (value) =>
      value.input === '500000003' ? { digits: '971500000003', country: 'AE' } : undefined,
    loadPhone: () => Promise.resolve(undefined),
    presetPhone: (digits) =>
      Promise.resolve(
        digits === '971500000003' ? { country: 'AE' as const, input: '500000003' } : undefined,
      ),
    flags: () => DEFAULT_FLAGS,
    checkPassword: vi.fn(() => Promise.resolve(undefined)),
    analytics: {
      page: vi.fn((page: string) => void calls.push(`page:${page}`)),
      track: vi.fn((name: string) => void calls.push(`track:${name}`)),
      flush: vi.fn(() => Promise.resolve(void calls.push('flush'))),
    },
    deviceId: () => 'dev-1',
    profiling: () => ({ platform: 'web' }),
    ...overrides,
  };
  return { deps, calls };
}

export async function filledFlow(deps: SignupDeps, presets: Partial<SignupPresets> = {}) {
  const flow = createSignupFlow(deps);
  await flow.init({ ...DEFAULT_SIGNUP_PRESETS, ...presets });
  flow.change('fullName', 'Mona Saeed');
  flow.changePhone(PHONE);
  flow.change('password', 'Sandbox-Pass9');
  return flow;
}

/** The code view opened for the number the form was sent with (src/ui/OtpStep.tsx). */
export const codeStepOf = (flow: ReturnType<typeof createSignupFlow>) =>
  openCodeStep(flow.codeStep, flow.$state.get().phone ?? '');
