import { defineConfig } from 'vitest/config';

/** The integration suites that also run on PostgreSQL (issue #15): the booking race, sync faults, the access matrix, fuzzing and crash safety. */
const BOTH_ENGINES = [
  'server/test/seat-concurrency.test.ts',
  'server/test/seat-property.test.ts',
  'server/test/sync-faults.test.ts',
  'server/test/access-matrix.test.ts',
  'server/test/fuzz.test.ts',
  'server/test/crash-safety.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['sync/**/*.test.ts', 'server/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'postgres', include: BOTH_ENGINES, env: { TEST_ENGINE: 'postgres' } } },
    ],
  },
});
