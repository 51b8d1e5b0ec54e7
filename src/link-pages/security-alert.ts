/**
 * `/alerts/{alert}` in the browser: load, show, report and secure ('This wasn't me: secure my
 * account') or 'It was me', then what was done (or was done before) with the next step (the
 * recovery form).
 */
import { acknowledgeAlert, fetchAlert, secureAccount } from '../api/links.ts';
import type { Alert, SecuredAccount } from '../contract/identity-api.ts';
import { pathToken } from '../lib/address.ts';
import { reportError } from '../lib/error-reporting.ts';
import {
  createSecurityAlertFlow,
  type SecurityAlertState,
} from '../stores/flows/security-alert.ts';
import {
  ALERT_DETAILS,
  alertDetails,
  dateWordsOf,
  formatAlertTime,
  recoveryQuery,
} from './alert-details.ts';
import { createViews, linkRoot, onRetry, setPending, setText, showMessage } from './dom.ts';
import { textOf } from './text.ts';

type Shown = Extract<SecurityAlertState, { view: 'shown' }>;

export function mountSecurityAlert(root = linkRoot()): void {
  const flow = createSecurityAlertFlow({
    id: () => pathToken(location.pathname, -1),
    load: fetchAlert,
    acknowledge: acknowledgeAlert,
    secure: secureAccount,
    newKey: () => crypto.randomUUID(),
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

  let shownAlert: Alert | undefined;

  /** The next step's addresses carry the alert's client and phone, before the page shows. */
  function fillRecovery(alert: Alert): void {
    for (const link of root.querySelectorAll<HTMLAnchorElement>('[data-recovery]')) {
      link.href = `${link.dataset['base'] ?? ''}${recoveryQuery(alert)}`;
    }
  }

  /** Says what securing the account did: the answer's actions only, or that nothing changed. */
  function fillDone(section: HTMLElement | null, secured: SecuredAccount): void {
    if (!section) return;
    const done = new Set<string>(secured.actions);
    for (const item of section.querySelectorAll<HTMLElement>('[data-action]')) {
      item.hidden = !done.has(item.dataset['action'] ?? '');
    }
    const list = section.querySelector<HTMLElement>('[data-done] ul');
    const intro = section.querySelector<HTMLElement>('[data-done-intro]');
    const none = section.querySelector<HTMLElement>('[data-done-none]');
    for (const element of [list, intro]) if (element) element.hidden = done.size === 0;
    if (none) none.hidden = done.size > 0;
    setText(section, '[data-secured-at]', formatAlertTime(secured.at, intlLocale, dateWords) ?? '');
  }

  flow.$state.subscribe((state) => {
    switch (state.view) {
      case 'shown': {
        // Filled before it shows, so the heading that takes focus comes with the whole alert.
        const section = root.querySelector<HTMLElement>(
          `[data-view="shown"][data-variant="${state.alert.operation}"]`,
        );
        if (section) fillShown(section, state);
        shownAlert = state.alert;
        show('shown', state.alert.operation);
        break;
      }
      case 'error': {
        setText(root, `[data-view="error"][data-variant="${state.stage}"] [data-code]`, state.code);
        // Securing failed after the report: the next step is still a new password.
        if (shownAlert) fillRecovery(shownAlert);
        show('error', state.stage);
        break;
      }
      case 'thanks':
      case 'secured_before':
        fillRecovery(state.alert);
        fillDone(root.querySelector<HTMLElement>(`[data-view="${state.view}"]`), state.secured);
        show(state.view);
        break;
      case 'network':
        showMessage(root, show('network'), state.error);
        break;
      default:
        show(state.view);
    }
  });
  void flow.start();
}
