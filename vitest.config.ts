/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    setupFiles: ['tests/unit/setup.ts'],
    // Through Vite, so that ofetch and @nanostores/react get their slim deps as in the site's build
    // (astro.config.mjs, `slimDeps`) and the client's tests run what the pages run.
    server: { deps: { inline: ['ofetch', '@nanostores/react'] } },
  },
});
