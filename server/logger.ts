import pino from "pino";

/** JSON logs on stdout; secrets are redacted by path should they ever be passed. */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ["password", "*.password", "secret", "*.secret", "authSecret", "*.authSecret", "headers.cookie", "cookie"],
      censor: "[redacted]",
    },
  });
}
