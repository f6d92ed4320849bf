import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `.data-e2e-${port}`;

/**
 * Browser and real-client flows against the production build, started by the README's own start path
 * on a fresh data folder (or the DATABASE_URL server). Chromium is Debian's, never a download.
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && NODE_ENV=production PORT=${port} DATA_DIR=${dataDir} CONTENT_SCHEDULER_INTERVAL_SECONDS=${process.env.CONTENT_SCHEDULER_INTERVAL_SECONDS ?? 1} npx tsx server/surfaces/http/main.ts`,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
