/**
 * The hand-off to the identity service posts its form once per page: the token is spent by the
 * first post, and a second one (Firefox let it replace the first page) answers 'token invalid,
 * expired or already used'. Without a csrf it posts nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../memory-storage.ts';

const flushing = vi.hoisted(() => ({ release: () => {} }));
vi.mock('../../../src/api/analytics.ts', () => ({
  // Held until the test releases it: a second call arrives while the first one flushes.
  flushBeforeLeaving: () =>
    new Promise<void>((resolve) => {
      flushing.release = resolve;
    }),
}));

interface FakeElement {
  tag: string;
  children: FakeElement[];
  [field: string]: unknown;
}

/** A document that records the forms the hand-off builds and the ones it submits. */
function fakeDocument() {
  const submitted: Record<string, string>[] = [];
  /** Where each submitted form went, and how. */
  const targets: { method: unknown; action: unknown; hidden: unknown }[] = [];
  const element = (tag: string): FakeElement => {
    const created: FakeElement = {
      tag,
      children: [],
      append: (...children: FakeElement[]) => created.children.push(...children),
      submit: () => {
        targets.push({
          method: created['method'],
          action: created['action'],
          hidden: created['hidden'],
        });
        submitted.push(
          Object.fromEntries(created.children.map((input) => [input.name, input.value])),
        );
      },
    };
    return created;
  };
  return { document: { createElement: element, body: element('body') }, submitted, targets };
}

const FIELDS = { token: 'tok-1', recaptchaToken: '', remember: true };

describe('handOff', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    sessionStorage.setItem('acct:csrf', 'csrf-value');
  });

  it('posts the token, the csrf (used once), the robot check and remember', async () => {
    const { handOff } = await import('../../../src/api/idp-handoff.ts');
    const { document, submitted, targets } = fakeDocument();
    vi.stubGlobal('document', document);
    const done = handOff(FIELDS);
    flushing.release();
    await expect(done).resolves.toBe(true);
    expect(submitted).toEqual([
      { token: 'tok-1', _csrf: 'csrf-value', 'g-recaptcha-response': '', remember: 'true' },
    ]);
    // A hidden form posted to the identity service's /login (the sandbox's, in this build).
    expect(targets).toEqual([{ method: 'post', action: '/_be/idp/login', hidden: true }]);
    expect(sessionStorage.getItem('acct:csrf')).toBeNull();
  });

  it('posts once per page, even when asked again while it flushes or after it posted', async () => {
    const { handOff } = await import('../../../src/api/idp-handoff.ts');
    const { document, submitted } = fakeDocument();
    vi.stubGlobal('document', document);
    const first = handOff(FIELDS);
    const second = handOff({ ...FIELDS, remember: false });
    flushing.release();
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    await expect(handOff(FIELDS)).resolves.toBe(false);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]).toMatchObject({ _csrf: 'csrf-value', remember: 'true' });
  });

  it('never posts without a csrf: the login page says to start again from the app (M1)', async () => {
    const { handOff } = await import('../../../src/api/idp-handoff.ts');
    sessionStorage.removeItem('acct:csrf');
    sessionStorage.setItem('acct:clientId', 'sandbox-web');
    const assigned: string[] = [];
    vi.stubGlobal('location', { pathname: '/ar/login', assign: (to: string) => assigned.push(to) });
    const { document, submitted } = fakeDocument();
    vi.stubGlobal('document', document);
    const done = handOff(FIELDS);
    flushing.release();
    await expect(done).resolves.toBe(true);
    expect(submitted).toEqual([]);
    expect(assigned).toEqual(['/ar/login?error=session_expired&clientId=sandbox-web']);
  });

  it('another page (a new document) hands off again', async () => {
    const { handOff } = await import('../../../src/api/idp-handoff.ts');
    const pages = [fakeDocument(), fakeDocument()];
    for (const page of pages) {
      // Each page with the csrf of its own sign-in.
      sessionStorage.setItem('acct:csrf', 'csrf-value');
      vi.stubGlobal('document', page.document);
      const done = handOff(FIELDS);
      flushing.release();
      await expect(done).resolves.toBe(true);
    }
    expect(pages.map((page) => page.submitted.length)).toEqual([1, 1]);
  });
});
