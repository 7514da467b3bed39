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

/** Tests of what exists only on PostgreSQL. */
const POSTGRES_ONLY = [
  'server/test/pg-schema.test.ts',
  'server/test/pg-backup.test.ts',
  'server/test/images-postgres.test.ts',
  'server/test/multi-process.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['sync/**/*.test.ts', 'server/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'], exclude: POSTGRES_ONLY } },
      { extends: true, test: { name: 'postgres', include: [...BOTH_ENGINES, ...POSTGRES_ONLY], env: { TEST_ENGINE: 'postgres' } } },
    ],
  },
});
