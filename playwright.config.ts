import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = `/tmp/keurwijzer-e2e-${process.pid}`;
// Where the tests read this server's mails (e2e/support/outbox.ts). Set in the runner, whose pid
// names the server's DATA_DIR; the workers inherit it (they load this file again with their own
// pid), so a shard never reads the mails of the other shard's server.
process.env.E2E_OUTBOX ??= `${DATA_DIR}/outbox`;

/**
 * Browser tests against the built app on a fresh embedded database with the demo seed, in
 * Debian's Chromium (scripts/ensure-chromium.mjs finds or installs it).
 */
export default defineConfig({
  testDir: 'apps/web/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'reports/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // A trace records snapshots of every step: only on the retry of a failed test (CI retries
    // once), not for every test run only to be thrown away.
    trace: 'on-first-retry',
    // The service worker runs only where a spec asks for it (`test.use({ serviceWorkers:
    // 'allow' })`, e2e/offline and the outbox): elsewhere it would download the 2.4 MB precache in
    // every test and answer screens from it.
    serviceWorkers: 'block',
    // The app then draws without transitions or ripples (app/theme.ts): a screen is settled as
    // soon as it is drawn, and the browser spends no frames on animations.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium() ?? undefined,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            // Composite in software in the browser process instead of a GPU process emulating
            // one (SwiftShader): the same pixels for less CPU.
            '--disable-software-rasterizer',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node apps/server/dist/index.js`,
    url: `http://127.0.0.1:${PORT}/api/token`,
    reuseExistingServer: false,
    // A fresh embedded database with the demo data; two shards start theirs at the same time.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      APP_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      // Cheaper hashing for the throwaway test database only.
      SCRYPT_LOG_N: '14',
      // The whole suite uploads and exports as the same demo users within the hour: the
      // per-user rates are tested by the API tests, not here.
      UPLOADS_PER_HOUR: '10000',
      EXPORTS_PER_HOUR: '10000',
    },
  },
});
