import { defineConfig } from 'vitest/config';

const server = (name: string, driver: 'pglite' | 'pg') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    // *.pg.test.ts need a PostgreSQL server (several processes on one database).
    exclude: driver === 'pg' ? [] : ['apps/server/src/**/*.pg.test.ts'],
    environment: 'node',
    env: { TEST_DB_DRIVER: driver },
    // One migrated template per run that every test file's database copies.
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // A worker keeps the modules it loaded from one test file to the next: every API test file
    // builds the whole app, and loading its module graph again per file was most of the suite's
    // "collect" time. Each file still gets its own app and database (test/use-test-app.ts);
    // no API test mocks a module (lib/password counts its checks for the throttle tests instead).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Every API
    // test file has its own database, so two run side by side: PGlite suite 337 -> 238 s,
    // PostgreSQL 203 -> 127 s on this machine.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The password check's first call imports its dictionaries (several MB): on a loaded
      // machine that alone can take longer than Vitest's default 5 s.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      server('server', 'pglite'),
      server('server-pg', 'pg'),
    ],
  },
});
