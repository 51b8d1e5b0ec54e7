import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../../src/ui/i18n.tsx';
import {
  EmptyWaitNotice,
  LaterWaitNotice,
  waitNoticeHere,
} from '../../../src/ui/LaterWaitNotice.tsx';
import { WaitNotice } from '../../../src/ui/WaitNotice.tsx';

const markup = (element: ReactNode) =>
  renderToStaticMarkup(
    <I18nProvider locale="en" messages={{}}>
      {element}
    </I18nProvider>,
  );

describe('LaterWaitNotice', () => {
  it("draws, before WaitNotice's code is here, what WaitNotice draws without a wait", () => {
    const notice = markup(<WaitNotice wait={undefined} />);
    expect(notice).toBe('<p class="visually-hidden wait-spoken" role="status"></p>');
    expect(markup(<EmptyWaitNotice />)).toBe(notice);
    // Pre-rendered and first drawn without loading anything.
    expect(markup(<LaterWaitNotice wait={undefined} />)).toBe(notice);
  });

  it('draws WaitNotice itself once its code is here', async () => {
    const wait = { until: Date.now() + 120_000 };
    await waitNoticeHere();
    const notice = markup(<WaitNotice wait={wait} />);
    expect(notice).toContain('role="timer"');
    expect(markup(<LaterWaitNotice wait={wait} />)).toBe(notice);
    expect(markup(<LaterWaitNotice wait={undefined} />)).toBe(
      markup(<WaitNotice wait={undefined} />),
    );
  });
});
