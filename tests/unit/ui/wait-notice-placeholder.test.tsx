import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmptyWaitNotice as OneClickEmpty } from '../../../src/islands/OneClick/Views.tsx';
import { EmptyWaitNotice as RecoveryEmpty } from '../../../src/islands/RecoveryForm/RecoveryForm.tsx';
import { I18nProvider } from '../../../src/ui/i18n.tsx';
import { WaitNotice } from '../../../src/ui/WaitNotice.tsx';

const markup = (element: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider locale="en" messages={{}}>
      {element}
    </I18nProvider>,
  );

// The forms whose first view comes before WaitNotice's code draw its empty live region until it
// is here: the same element, so that the region is in the page before a wait is said in it.
describe("a form's wait notice before its code is here", () => {
  const notice = markup(<WaitNotice wait={undefined} />);

  it('is what WaitNotice draws without a wait', () => {
    expect(notice).toBe('<p class="visually-hidden wait-spoken" role="status"></p>');
  });

  it('one-click checkout', () => {
    expect(markup(<OneClickEmpty />)).toBe(notice);
  });

  it('the recovery form', () => {
    expect(markup(<RecoveryEmpty />)).toBe(notice);
  });
});
