/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
    // Each test file still runs in a context of its own (its own globals and its own copy of every
    // module it imports), in a VM context of a reused worker thread instead of a new process: the
    // suite took 32.5 s of CPU instead of 61-66 (28.6 s instead of 52-57 on a two-core machine,
    // every file passing, three runs, 2026-11-28). Node's own modules are shared across contexts,
    // so an error they throw is not `instanceof` the test's `Error` (vitest.dev/config/pool).
    pool: 'vmThreads',
  },
});
