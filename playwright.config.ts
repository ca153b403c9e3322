import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/chromium.ts';

/**
 * Journeys against the production build, in Debian's Chromium (Playwright cannot download its own here).
 * The server is built and started by scripts/e2e-server.mjs on a fresh data folder.
 */
const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
    },
    { name: 'mobile', use: { ...devices['Pixel 5'], viewport: { width: 360, height: 780 }, launchOptions } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${String(PORT)}/api/v2/front/ping`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT) },
  },
});
