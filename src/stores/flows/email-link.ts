/**
 * The e-mail link pages, which first say what the link will do and call only when the person
 * confirms (a mail scanner that opens the link spends nothing):
 * `/email/{id}/verify` (PUT: verified, or already used when the answer is a 200 with a body),
 * `/email/{id}/unlink` (DELETE: the e-mail is removed from the wrong account) and the plain
 * `/email/{id}` (always expired). Any server error shows 'expired'; no answer at all offers a retry.
 */
import type { EmailVerifyResult } from '../../api/links.ts';
import type { ApiFailure } from '../../api/errors.ts';
import type { Text } from '../../i18n/types.ts';
import { createFlow, type FlowSurface } from './create-flow.ts';
import { noAnswer, runFrom, tokenCall } from './link-pages.ts';

export type EmailLinkAction = 'verify' | 'unlink' | 'expired';

export type EmailLinkState =
  | { view: 'confirm' }
  | { view: 'loading' }
  | { view: 'verified' }
  | { view: 'already_used' }
  | { view: 'expired' }
  | { view: 'wrong_account' }
  | { view: 'network'; error: Text };

export type EmailLinkEvent =
  /** The person pressed the confirm button, or 'Try again'. */
  | { type: 'run' }
  | { type: 'missing' }
  | { type: 'verified' }
  | { type: 'alreadyUsed' }
  | { type: 'removed' }
  | { type: 'failed'; failure: ApiFailure };

/** The plain route shows 'expired' at once, with no call; the others pre-render the confirm view. */
export function initialState(action: EmailLinkAction): EmailLinkState {
  return action === 'expired' ? { view: 'expired' } : { view: 'confirm' };
}

export function transition(state: EmailLinkState, event: EmailLinkEvent): EmailLinkState {
  if (event.type === 'run') return runFrom(state, { view: 'loading' });
  if (state.view !== 'loading') return state;
  switch (event.type) {
    case 'verified':
      return { view: 'verified' };
    case 'alreadyUsed':
      return { view: 'already_used' };
    case 'removed':
      return { view: 'wrong_account' };
    case 'missing':
      return { view: 'expired' };
    case 'failed': {
      const error = noAnswer(event.failure);
      return error ? { view: 'network', error } : { view: 'expired' };
    }
  }
}

export interface EmailLinkDeps {
  action: EmailLinkAction;
  /** Reads the verification id from the path (in the browser, when the flow starts). */
  id: () => string | undefined;
  verify: (id: string) => Promise<EmailVerifyResult>;
  unlink: (id: string) => Promise<void>;
  report?: (error: unknown) => void;
}

export interface EmailLinkFlow extends FlowSurface<EmailLinkState, EmailLinkEvent> {
  /** Runs the link's call: the confirm button, and again 'Try again' (never on load). */
  confirm: () => Promise<void>;
}

export function createEmailLinkFlow(deps: EmailLinkDeps): EmailLinkFlow {
  const flow = createFlow({ initial: initialState(deps.action), transition });
  // The plain route shows 'expired' without a call: its state is never 'loading'.
  const confirm = tokenCall<EmailLinkEvent>({
    isLoading: () => flow.get().view === 'loading',
    dispatch: (event) => flow.dispatch(event.type === 'succeeded' ? event.result : event),
    token: deps.id,
    call: async (id): Promise<EmailLinkEvent> => {
      if (deps.action !== 'verify') {
        await deps.unlink(id);
        return { type: 'removed' };
      }
      return { type: (await deps.verify(id)) === 'verified' ? 'verified' : 'alreadyUsed' };
    },
    report: deps.report,
  });

  return { ...flow.surface, confirm };
}
