import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { COOKIE_PREFIX } from "~/lib/cookie-names";
import { authTables } from "~/queries/users.server";
import { hashPassword, verifyPassword } from "~/server-lib/password.server";
import type { Database } from "~db/client";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

/** better-auth on our database: e-mail and password, no public sign-up (staff create users). */
export function createAuth(db: Database, opts: { secret: string; siteUrl: string }) {
  const secure = opts.siteUrl.startsWith("https://");
  return betterAuth({
    appName: "Permaculture Network",
    baseURL: opts.siteUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: [opts.siteUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: authTables,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(password, hash),
      },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "DEFAULT", input: false },
        banned: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60 * 24,
    },
    // Our own limiter (per account and per client address) guards sign-in; see login-limiter.server.ts.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      cookiePrefix: COOKIE_PREFIX,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { disableIpTracking: true },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
