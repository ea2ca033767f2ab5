import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './e2e/support/paths.ts';

const CART_SPECS = /(cart|checkout)\.spec\.ts$/;
/**
 * The accessibility sweep (axe on every route as every user, ~15 minutes) runs with
 * `npm run test:a11y`; it is not yet clean on every page (issue 11 §5), so the default run says so.
 */
const A11Y_SPEC = /a11y\.spec\.ts$/;
const withA11y = process.env.E2E_A11Y === '1';
if (!withA11y)
  console.info('NOTICE: e2e/a11y.spec.ts (axe sweep) is not part of this run; run it with `npm run test:a11y`.');

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  // A page opened by URL loads its lazy chunks again; on a 2-core CI running two browsers that can pass 10 s.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
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
      testIgnore: withA11y ? CART_SPECS : [CART_SPECS, A11Y_SPEC],
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
