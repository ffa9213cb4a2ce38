import { formatWithOptions } from "node:util";
import { afterAll, afterEach } from "vitest";

/**
 * Vitest setup file (vitest.config.ts `setupFiles`): a test that makes the code under test call `console.error`
 * fails, so an error nobody expected (a rejected promise someone logs, a library's complaint) cannot pass unseen
 * behind a green run. A test that expects the error spies on it itself,
 * `vi.spyOn(console, "error").mockImplementation(() => {})`, and asserts on the spy; while anything else stands in
 * `console.error`'s place (a spy, or the server's JSON logger, `routeConsoleToLogger`), nothing is counted here.
 * An error logged outside a test (in `beforeAll`, or after the last test) fails the file.
 */
const unexpected: string[] = [];
const print = console.error.bind(console);

function recordingConsoleError(...args: unknown[]): void {
  print(...args);
  // Reached through a spy a test set up: that test expects the error.
  if (console.error !== recordingConsoleError) return;
  unexpected.push(formatWithOptions({ colors: false }, ...args));
}

console.error = recordingConsoleError;

function failOnUnexpected(when: string): void {
  if (unexpected.length === 0) return;
  const lines = unexpected.splice(0);
  throw new Error(
    `console.error was called ${when} ${lines.length === 1 ? "once" : `${lines.length} times`} unexpectedly ` +
      `(a test that expects it spies on console.error itself):\n${lines.join("\n---\n")}`,
  );
}

afterEach(() => failOnUnexpected("during this test"));
afterAll(() => failOnUnexpected("outside a test"));
