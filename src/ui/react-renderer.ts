/**
 * The React renderer's browser side, in place of @astrojs/react's (`@astrojs/react/client.js`) in
 * the site's client build (src/integrations/bundling.ts, `reactRenderer`): 0.5 KB gzip less on
 * every island page. @astrojs/react is pinned to one version (package.json), and
 * tests/unit/integrations/bundling.test.ts fails when its client.js changes: then compare it with
 * this file (the island's attributes it reads, how it is called) before taking the new version.
 * Every island here is `client:load`, hydrated once into its pre-rendered HTML; none is given
 * children or slots, and no page uses Astro's actions or view transitions, which @astrojs/react's
 * also handles. An island given children fails loudly here instead of losing them.
 */
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export default (element: HTMLElement) =>
  (
    Component: ComponentType<Record<string, unknown>>,
    props: Record<string, unknown>,
    slots: Record<string, string>,
  ): void => {
    // Astro calls again when an island's props change; ours never do once hydrated.
    if (!element.hasAttribute('ssr')) return;
    if (Object.keys(slots).length > 0) {
      throw new Error('An island with children: src/ui/react-renderer.ts does not render them');
    }
    const prefix = element.getAttribute('prefix');
    startTransition(() => {
      hydrateRoot(
        element,
        createElement(Component, props),
        prefix === null ? {} : { identifierPrefix: prefix },
      );
    });
  };
