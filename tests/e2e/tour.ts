/**
 * The views tour: every view of every React flow, checked with axe (and for untranslated keys) in
 * the languages the flow specs do not drive. The flow specs run each flow in English and Arabic
 * with all their assertions; the markup is the same in every language, the text is not, so the
 * tour only walks each flow to each of its views in Urdu, French and Sorani and checks them, in
 * French and Urdu in the dark theme (DARK_TOUR_LOCALES).
 *
 * A tour names the flow's views with a table typed over the flow's own view union
 * (`Record<View, true | string>`): a view added to the flow fails the typecheck until it is
 * listed, and a view listed `true` that no leg visits fails the run as it loads. A string instead
 * of `true` says why a view has nothing to check (it renders nothing, it leaves the page at once).
 */
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  FLOW_LOCALES,
  LOCALES,
  test,
  type Locale,
  type Provoked,
  type Sandbox,
} from './fixtures.ts';

/** The languages the flow specs leave out: the tour covers them. */
export const TOUR_LOCALES: readonly Locale[] = LOCALES.filter(
  (locale) => !(FLOW_LOCALES as readonly Locale[]).includes(locale),
);

/**
 * The tour languages walked in the dark theme (`prefers-color-scheme: dark`), one left to right
 * and one right to left: axe checks every view's contrast in it. The light theme's colours are
 * the same in every language; the flow specs (en, ar) and Sorani's tour check them.
 */
export const DARK_TOUR_LOCALES: readonly Locale[] = ['fr', 'ur'];

export interface TourContext {
  page: Page;
  sandbox: Sandbox;
  locale: Locale;
  /** What the leg provokes on purpose, declared to the page guard. */
  provokes: (what: Provoked) => void;
}

/** Checks the page as it is now as `view`, with `what` naming a variant (an error shown ...). */
export type Check<V extends string> = (view: V, what?: string) => Promise<void>;

export interface Leg<V extends string> {
  /** What the leg does, for the test's title. */
  name: string;
  /** The views this leg checks; it fails unless it checks each of them. */
  views: readonly V[];
  walk: (context: TourContext, check: Check<V>) => Promise<void>;
}

export interface Tour<V extends string> {
  flow: string;
  views: Readonly<Record<V, true | string>>;
  /** The flow's element that carries `data-view`, if it has one: each check confirms the view. */
  viewOf?: (page: Page) => Locator;
  legs: readonly Leg<V>[];
}

/** One test per leg and language; throws at load if a view of the table is on no leg. */
export function viewsTour<V extends string>(tour: Tour<V>): void {
  const listed = (Object.keys(tour.views) as V[]).filter((view) => tour.views[view] === true);
  const visited = new Set(tour.legs.flatMap((leg) => leg.views));
  const missing = listed.filter((view) => !visited.has(view));
  if (missing.length > 0)
    throw new Error(`views tour ${tour.flow}: no leg visits ${missing.join(', ')}`);

  for (const locale of TOUR_LOCALES) {
    const dark = DARK_TOUR_LOCALES.includes(locale);
    test.describe(`views tour: ${tour.flow} (${locale}${dark ? ', dark' : ''})`, () => {
      test.use({ colorScheme: dark ? 'dark' : 'light' });
      for (const leg of tour.legs) {
        test(leg.name, async ({ page, sandbox, pageGuards }) => {
          // A whole flow, with axe at each view: the limit of three tests (one timed out on a
          // loaded machine with the plain limit).
          test.slow();
          const checked = new Set<V>();
          const check: Check<V> = async (view, what) => {
            expect(leg.views, `${view} is not listed on the leg`).toContain(view);
            if (tour.viewOf) await expect(tour.viewOf(page)).toHaveAttribute('data-view', view);
            const scheme = await page.evaluate(
              () => matchMedia('(prefers-color-scheme: dark)').matches,
            );
            expect(scheme, 'the dark theme asked for').toBe(dark);
            await expectNoRawKeys(page);
            await expectAccessible(
              page,
              `${tour.flow} ${view}${what ? ` (${what})` : ''} ${locale}`,
            );
            checked.add(view);
          };
          await leg.walk({ page, sandbox, locale, provokes: pageGuards.provokes }, check);
          expect([...checked].sort(), 'views the leg checked').toEqual([...leg.views].sort());
        });
      }
    });
  }
}
