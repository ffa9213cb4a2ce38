import pino from "pino";

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
