import { formatWithOptions } from "node:util";
import pino, { type Logger } from "pino";

/**
 * JSON logs on stdout; secrets are redacted by path should they ever be passed. Writes are asynchronous, so the lines
 * of one busy moment go out in one system call instead of one each: a line per request, written synchronously,
 * halved what a render-cache hit could serve. Pino flushes what is pending when the process exits.
 */
export function createLogger(level: string) {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "password",
          "*.password",
          "secret",
          "*.secret",
          "authSecret",
          "*.authSecret",
          "headers.cookie",
          "cookie",
        ],
        censor: "[redacted]",
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}

/**
 * Sends whatever code writes to the console (a library's warning, an error React Router or React prints) through
 * the JSON logger, as one escaped line each. Printed raw, an error message that quotes the request (a header value,
 * an address) could carry a line feed and write a forged line into the log; the server's own lines are JSON, and
 * every other line must be too.
 */
export function routeConsoleToLogger(logger: Logger): void {
  const to =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) => {
      const [first] = args;
      if (args.length === 1 && first instanceof Error) logger[level]({ err: first }, first.message);
      else logger[level](formatWithOptions({ colors: false }, ...args));
    };
  console.debug = to("debug");
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
  console.trace = to("debug");
}
