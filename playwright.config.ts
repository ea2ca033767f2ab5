import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './e2e/support/paths.ts';

const CART_SPECS = /(cart|checkout)\.spec\.ts$/;
export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  // A page opened by URL loads its lazy chunks again; on a 2-core CI running two browsers that can pass 10 s.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two: four kept a slow 2-core machine's run queue at 20–30 and tests ran past their timeouts.
  workers: 2,
  // One retry under CI only: a test that fails twice fails the run; one that passes on retry is
  // reported as flaky in the list output (see docs/decisions.md, "Browser test retries").
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // Recorded on the retry only: a trace of every test (screencast frames, snapshots) cost a quarter of
    // each test's time on a 2-core machine, and a test that fails once is retried with one.
    trace: 'on-first-retry',
    // The app honours the system setting (no antd motion): the tests wait on no fade or slide.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: CART_SPECS,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // The cart and checkout specs change demo customers' carts: one at a time, beside the others.
    {
      name: 'orders',
      testMatch: CART_SPECS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `npx tsx e2e/support/serve.ts`,
    url: `http://localhost:${E2E_PORT}/management/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
