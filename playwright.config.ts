import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "./tests/helpers/chromium";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ADMIN = { email: "admin@example.org", password: "e2e-admin-password-123" };

/** End-to-end tests drive Debian's Chromium against the built server on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "off",
    launchOptions: CHROMIUM_LAUNCH,
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: `rm -rf .e2e-data-${PORT} && node ${process.env.BUILD_DIR ?? "build"}/server-entry.js`,
    url: `http://localhost:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: `.e2e-data-${PORT}`,
      SITE_URL: `http://localhost:${PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: "warn",
    },
  },
});
