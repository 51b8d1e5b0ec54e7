/** One-click's flow with a fake clock, visibility and back ends, for its flow and timer tests. */
import { vi } from 'vitest';
import { ApiError, type ApiFailure } from '../../../../../src/api/errors.ts';
import type { OneClickAnswer } from '../../../../../src/api/one-click.ts';
import type { ApproveStatus, OneClickLoginBody } from '../../../../../src/contract/identity-api.ts';
import { parseCheckout } from '../../../../../src/lib/promo.ts';
import {
  createOneClickFlow,
  isWaiting,
  type OneClickDeps,
  type WaitingState,
} from '../../../../../src/stores/flows/one-click/index.ts';
import type { PageVisibility } from '../../../../../src/lib/page-visibility.ts';

export const PHONE = '971500000011';
export const ACR =
  'merchant:Cafe%20Sandbox invoice_id:INV-7 promoValue:10 promoType:% promoOutcome:CASHBACK';
export const checkout = parseCheckout(ACR);
export const approval = (id: string) => ({
  id,
  web_deeplink: `masar://login/approve-request/${id}`,
});

// ---------------------------------------------------------------------------------------------
// The flow, with fake timers

export interface Harness {
  deps: OneClickDeps;
  logins: { body: OneClickLoginBody; key: string; idpClientId: string | undefined }[];
  polls: string[];
  navigate: ReturnType<typeof vi.fn>;
  track: ReturnType<typeof vi.fn>;
  page: ReturnType<typeof vi.fn>;
  proof: ReturnType<typeof vi.fn<OneClickDeps['proof']>>;
  setHidden: (hidden: boolean) => void;
  statuses: Map<string, ApproveStatus>;
  answers: (OneClickAnswer | ApiFailure)[];
  signupFlag: { value: boolean };
}

export function harness(options: { userAgent?: string } = {}): Harness {
  let ids = 0;
  let keys = 0;
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: PageVisibility = {
    hidden: () => hidden,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const logins: Harness['logins'] = [];
  const polls: string[] = [];
  const statuses = new Map<string, ApproveStatus>();
  const answers: (OneClickAnswer | ApiFailure)[] = [];
  const signupFlag = { value: false };
  const navigate = vi.fn();
  const track = vi.fn();
  const page = vi.fn();
  const proof = vi.fn<OneClickDeps['proof']>((id) => Promise.resolve(`pt-${id}`));
  const deps: OneClickDeps = {
    locale: 'en',
    login: (body, context) => {
      logins.push({ body, key: context.idempotencyKey, idpClientId: context.idpClientId });
      const next = answers.shift();
      if (next && 'kind' in next && next.kind !== 'otp' && next.kind !== 'push') {
        return Promise.reject(new ApiError(next));
      }
      if (next) return Promise.resolve(next);
      ids += 1;
      return Promise.resolve({ kind: 'push', approval: approval(`apr-${ids}`) });
    },
    status: (id) => {
      polls.push(id);
      return Promise.resolve(statuses.get(id) ?? 'pending');
    },
    proof,
    validatePhone: (value) =>
      Promise.resolve(
        /^5\d{8}$/.test(value.input) ? { digits: `971${value.input}`, country: 'AE' } : undefined,
      ),
    oneClickSignup: () => Promise.resolve(signupFlag.value),
    navigate,
    analytics: { page, track, flush: () => Promise.resolve() },
    profiling: () => ({ platform: 'web' }),
    newKey: () => {
      keys += 1;
      return `key-${keys}`;
    },
    scheduler: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    visibility,
    ...(options.userAgent ? { device: { userAgent: options.userAgent } } : {}),
  };
  return {
    deps,
    logins,
    polls,
    navigate,
    track,
    page,
    proof,
    statuses,
    answers,
    signupFlag,
    setHidden: (value) => {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

export const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
export const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

export async function started(h: Harness, input = '500000011') {
  const flow = createOneClickFlow(h.deps);
  flow.init({ checkout, acrValues: ACR, clientId: 'sandbox-web' });
  flow.changePhone({ country: 'AE', input });
  await flow.submit();
  return flow;
}

export const waitingState = (flow: ReturnType<typeof createOneClickFlow>): WaitingState => {
  const state = flow.$state.get();
  if (!isWaiting(state)) throw new Error(`not waiting: ${state.view}`);
  return state;
};
