/** `/corporate/invitation/{token}` and `/corporate/verify/{token}` in the browser. */
import { acceptCorporateInvitation, verifyCorporateEmail } from '../api/links.ts';
import { pathToken } from '../lib/address.ts';
import { reportError } from '../lib/error-reporting.ts';
import { createCorporateLinkFlow } from '../stores/flows/corporate-link.ts';
import { createViews, linkRoot, onConfirm, onRetry, oneOf, showMessage } from './dom.ts';

export function mountCorporateLink(root = linkRoot()): void {
  const kind = oneOf(root.dataset['kind'], ['invitation', 'verify'], 'verify');
  const flow = createCorporateLinkFlow({
    token: () => pathToken(location.pathname, -1),
    check: kind === 'invitation' ? acceptCorporateInvitation : verifyCorporateEmail,
    report: reportError,
  });
  const show = createViews(root);
  onRetry(root, () => void flow.confirm());
  onConfirm(root, flow.confirm);
  flow.$state.subscribe((state) => {
    const section = show(state.view);
    if (state.view === 'network') showMessage(root, section, state.error);
  });
}
