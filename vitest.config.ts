import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
