import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['sync/**/*.test.ts', 'server/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
