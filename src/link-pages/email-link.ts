/** `/email/{id}/verify`, `/email/{id}/unlink` and the plain `/email/{id}` in the browser. */
import { unlinkEmail, verifyEmail } from '../api/links.ts';
import { pathToken } from '../lib/address.ts';
import { reportError } from '../lib/error-reporting.ts';
import { createEmailLinkFlow } from '../stores/flows/email-link.ts';
import { createViews, linkRoot, onConfirm, onRetry, oneOf, showMessage } from './dom.ts';
import { wireOpenApp } from './open-app.ts';

export function mountEmailLink(root = linkRoot()): void {
  const action = oneOf(root.dataset['action'], ['verify', 'unlink', 'expired'], 'expired');
  const flow = createEmailLinkFlow({
    action,
    // /email/{id}/verify and /email/{id}/unlink: the id is the second segment from the end.
    id: () => pathToken(location.pathname, action === 'expired' ? -1 : -2),
    verify: verifyEmail,
    unlink: unlinkEmail,
    report: reportError,
  });
  const show = createViews(root);
  wireOpenApp(root);
  onRetry(root, () => void flow.confirm());
  onConfirm(root, flow.confirm);
  flow.$state.subscribe((state) => {
    const section = show(state.view);
    if (state.view === 'network') showMessage(root, section, state.error);
  });
}
