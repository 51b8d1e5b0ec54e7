/**
 * `/alerts/{alert}` in the browser: load, show, report ('This wasn't me: secure my account') or
 * 'It was me', then thank you with the next step (the recovery form).
 */
import { acknowledgeAlert, fetchAlert } from '../api/links.ts';
import { pathToken } from '../lib/address.ts';
import { reportError } from '../lib/error-reporting.ts';
import {
  createSecurityAlertFlow,
  type SecurityAlertState,
} from '../stores/flows/security-alert.ts';
import { ALERT_DETAILS, alertDetails, dateWordsOf, recoveryQuery } from './alert-details.ts';
import { createViews, linkRoot, onRetry, setPending, setText, showMessage } from './dom.ts';
import { textOf } from './text.ts';

type Shown = Extract<SecurityAlertState, { view: 'shown' }>;

export function mountSecurityAlert(root = linkRoot()): void {
  const flow = createSecurityAlertFlow({
    id: () => pathToken(location.pathname, -1),
    load: fetchAlert,
    acknowledge: acknowledgeAlert,
    report: reportError,
  });
  const show = createViews(root);
  const intlLocale = root.dataset['intlLocale'] ?? 'en';
  const dateWords = dateWordsOf(root);
  onRetry(root, () => void flow.start());
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-report]')) {
    // The flow ignores a report while one is running (no double submit).
    button.addEventListener('click', () => void flow.reportAlert());
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-it-was-me]')) {
    button.addEventListener('click', flow.itWasMe);
  }

  function fillShown(section: HTMLElement, state: Shown): void {
    const values = alertDetails(state.alert, intlLocale, dateWords);
    const list = section.querySelector<HTMLElement>('.alert-details');
    for (const detail of ALERT_DETAILS) {
      const row = section.querySelector<HTMLElement>(`[data-detail="${detail}"]`);
      const value = values[detail];
      if (!row) continue;
      row.hidden = !value;
      setText(row, 'bdi', value ?? '');
    }
    if (list) list.hidden = ALERT_DETAILS.every((detail) => !values[detail]);
    const button = section.querySelector<HTMLButtonElement>('[data-report]');
    if (button) setPending(button, state.submitting);
    const error = section.querySelector<HTMLElement>('.alert-error');
    if (error) {
      error.hidden = !state.error;
      setText(error, '[data-message]', state.error ? textOf(root, state.error) : '');
    }
  }

  flow.$state.subscribe((state) => {
    switch (state.view) {
      case 'shown': {
        // Filled before it shows, so the heading that takes focus comes with the whole alert.
        const section = root.querySelector<HTMLElement>(
          `[data-view="shown"][data-variant="${state.alert.operation}"]`,
        );
        if (section) fillShown(section, state);
        show('shown', state.alert.operation);
        break;
      }
      case 'error':
        setText(root, `[data-view="error"][data-variant="${state.stage}"] [data-code]`, state.code);
        show('error', state.stage);
        break;
      case 'thanks': {
        // The next step's address carries the alert's client and phone, before the page shows.
        const link = root.querySelector<HTMLAnchorElement>('[data-recovery]');
        if (link) link.href = `${link.dataset['base'] ?? ''}${recoveryQuery(state.alert)}`;
        show('thanks');
        break;
      }
      case 'network':
        showMessage(root, show('network'), state.error);
        break;
      default:
        show(state.view);
    }
  });
  void flow.start();
}
