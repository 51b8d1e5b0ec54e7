/** `/profile/update/confirm/{token}` in the browser: nothing is called until the person confirms. */
import { confirmProfileUpdate } from '../api/links.ts';
import { pathToken } from '../lib/address.ts';
import { reportError } from '../lib/error-reporting.ts';
import { createProfileConfirmFlow } from '../stores/flows/profile-confirm.ts';
import { createViews, linkRoot, onConfirm, onRetry, setText, showMessage } from './dom.ts';

export function mountProfileConfirm(root = linkRoot()): void {
  const flow = createProfileConfirmFlow({
    token: () => pathToken(location.pathname, -1),
    confirm: confirmProfileUpdate,
    report: reportError,
  });
  const show = createViews(root);
  onRetry(root, () => void flow.confirm());
  onConfirm(root, flow.confirm);
  flow.$state.subscribe((state) => {
    // The code first, so the heading that takes focus comes with the whole outcome.
    if (state.view === 'error') setText(root, '[data-view="error"] [data-code]', state.code);
    const section = show(state.view);
    if (state.view === 'network') showMessage(root, section, state.error);
  });
}
