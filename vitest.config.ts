/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    setupFiles: ['tests/unit/setup.ts'],
    // Through Vite, so that ofetch gets src/api/ofetch-deps.ts for destr and ufo as in the site's
    // build (astro.config.mjs) and the client's tests run what the pages run.
    server: { deps: { inline: ['ofetch'] } },
  },
});
