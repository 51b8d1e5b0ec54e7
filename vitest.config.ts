/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx', 'tests/sandbox/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
});
