import { defineConfig } from "vitest/config";
import { importAliases } from "./vite.config.ts";

export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    setupFiles: ["./tests/fail-on-console-error.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
