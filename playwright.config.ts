import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts';
import {
  EVALUATION_LINK,
  MAINTENANCE_PORT,
  MAINTENANCE_SECRET,
  PORT,
  PROXY_SIGNATURE_SECRET,
  ADMIN_TOKEN,
  OUTBOX,
  STAFF_LINKS,
} from './tests/e2e/servers.ts';

/**
 * Journeys against the production build, in Debian's Chromium (Playwright cannot download its own here).
 * The server is built and started by scripts/e2e-server.mjs on a fresh data folder; a second one of
 * the same build runs in maintenance mode (with a small catalogue: it only shows the waiting page and,
 * once released, the store).
 */
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 3,
  retries: 0,
  // The list, then where the time went (the slowest journeys and spec files).
  reporter: [['list'], ['./tests/support/slowest-playwright.ts']],
  // A journey of a dozen pages and password hashes takes 25-30 s on a quiet 2-core machine and over 60 s on a
  // slow CI one (the sign-up journey ran out at 60 s there): room, not a measure.
  timeout: 120_000,
  // Two browsers, two servers and the islands' first download share two cores: give each check time.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${String(PORT)}`,
    launchOptions,
    trace: 'off',
    // A visitor who has already answered the cookie banner (its own test starts without this).
    storageState: {
      cookies: [],
      origins: [
        {
          origin: `http://127.0.0.1:${String(PORT)}`,
          localStorage: [{ name: 'cookies:consentimento', value: 'recusado' }],
        },
      ],
    },
  },
  projects: [
    // Production instances started, stopped and cut off from their database; no browser (operations/).
    { name: 'operations', testMatch: 'operations/**/*.spec.ts', timeout: 120_000, workers: 1 },
    // The e2e store made its owner's (company and Pix key) before any journey (setup/owners-company.setup.ts).
    // The e-mail set up and tested in /painel/integracoes, then taken off (setup/integrations.setup.ts).
    {
      name: 'setup',
      testMatch: 'setup/*.setup.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
    },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: 'operations/**',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
    },
    {
      name: 'mobile',
      dependencies: ['setup'],
      testIgnore: 'operations/**',
      use: { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, launchOptions },
    },
  ],
  // Started one after the other: the second reuses the first one's build.
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `http://127.0.0.1:${String(PORT)}/api/v2/front/ping`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        MAIL_OUTBOX: OUTBOX,
        E2E_EVALUATION_LINK: EVALUATION_LINK,
        E2E_STAFF_LINKS: STAFF_LINKS,
        PROXY_SIGNATURE_SECRET,
        ADMIN_TOKEN,
      },
    },
    {
      command: 'node scripts/e2e-server.mjs --no-build',
      url: `http://127.0.0.1:${String(MAINTENANCE_PORT)}/saude`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        PORT: String(MAINTENANCE_PORT),
        MAINTENANCE: 'on',
        MAINTENANCE_SECRET,
        SEED_PRODUCTS: '24',
      },
    },
  ],
});
