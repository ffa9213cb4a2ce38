import pino from "pino";
import type { AppLoadContext } from "react-router";
import { beforeAll } from "vitest";
import type { z } from "zod";
import { fieldsAlwaysSent } from "~/lib/schemas/form";
import * as moderationItem from "~/routes/admin/moderation-item";
import { Mailer } from "~/services/mail/mailer.server";
import { loginLimits } from "~/services/staff/login-limiter.server";
import { testDatabaseForFile } from "./database-for-file";
import { staffAccount } from "./staff-accounts";
import type { TestDatabase } from "./test-db";

export type AdminHarness = {
  context: AppLoadContext;
  userId: string;
  /** Every message published on the change bus, as [channel, payload]. */
  published: [string, string][];
};

/**
 * A load context for calling admin loaders and actions directly: a real test database, a signed-in ADMIN user
 * (through a stand-in for better-auth's getSession) and a bus that records what was announced.
 */
export async function createAdminHarness(
  t: TestDatabase,
  email = "content-admin@example.org",
  opts: { smtpUrl?: string } = {},
): Promise<AdminHarness> {
  const userId = await staffAccount(t.db, email, "Content Admin");
  const published: [string, string][] = [];
  const session = { user: { id: userId, email, name: "Content Admin" }, session: { id: "test-session" } };
  const services = {
    db: t.db,
    dbKind: "pglite" as const,
    bus: {
      publish: async (channel: string, payload: string) => {
        published.push([channel, payload]);
        await t.bus.publish(channel, payload);
      },
      emitLocal: (channel: string, payload: string) => t.bus.emitLocal(channel, payload),
      subscribe: (channel: string, listener: (payload: string) => void) => t.bus.subscribe(channel, listener),
    },
    auth: { api: { getSession: async () => session } },
    logger: pino({ level: "silent" }),
    // Without a mail server messages are kept in the outbox (status "held"); tests that read mail pass one.
    mail: new Mailer({
      db: t.db,
      logger: pino({ level: "silent" }),
      siteUrl: "http://localhost",
      from: "Permaculture Network <no-reply@localhost>",
      smtpUrl: opts.smtpUrl ?? null,
      sendRate: 1000,
      retryBaseMs: 20,
    }),
    config: {
      siteUrl: "http://localhost",
      siteHostname: "localhost",
      env: "test" as const,
      trustProxy: false,
      hashSecret: "test",
      authSecret: "t".repeat(32),
      dataDir: "/tmp",
      loginLimits: loginLimits({ backoffWindowMs: 900_000, accountWindowMs: 3_600_000, ipLimit: 50 }),
    },
  };
  const context = { services, cspNonce: "nonce", clientIp: "127.0.0.1" } as unknown as AppLoadContext;
  return { context, userId, published };
}

/** The same load context with no one signed in: a visitor (better-auth's getSession finds no session). */
export function visitorContext(context: AppLoadContext): AppLoadContext {
  const services = { ...context.services, auth: { api: { getSession: async () => null } } };
  return { ...context, services } as unknown as AppLoadContext;
}

/** An admin harness with its test database (`t`). */
export type FileHarness = AdminHarness & { t: TestDatabase };

/**
 * A file's test database and an admin harness on it: made before the file's tests (`reference: false` leaves out the
 * reference data), the database destroyed after them. Its fields are set once the file's first `beforeAll` has run.
 */
export function adminHarnessForFile(email?: string, opts: { reference?: boolean } = {}): FileHarness {
  const t = testDatabaseForFile(opts);
  const made = { t } as FileHarness;
  beforeAll(async () => {
    Object.assign(made, await createAdminHarness(t, email));
  });
  return made;
}

/** A POST request carrying form fields (repeated keys for arrays), as a browser form would send it. */
export function formRequest(url: string, fields: Record<string, string | string[]>): Request {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  return new Request(`http://localhost${url}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/**
 * A POST of an entry form as its page sends it: every field the form always sends (empty unless given), then the
 * given ones. The admin refuses a post that leaves such a field out.
 */
export function entryFormRequest(url: string, schema: z.ZodType, fields: Record<string, string | string[]>): Request {
  const blank = Object.fromEntries(fieldsAlwaysSent(schema).map((key) => [key, ""]));
  return formRequest(url, { ...blank, ...fields });
}

export function getRequest(url: string): Request {
  return new Request(`http://localhost${url}`);
}

/** Runs a loader/action and returns what it returned or threw (React Router throws Responses for redirects/404). */
export async function settle<T>(fn: () => Promise<T>): Promise<{ value?: T; thrown?: unknown }> {
  try {
    return { value: await fn() };
  } catch (thrown) {
    return { thrown };
  }
}

type RouteFn<R> = (args: never) => Promise<R>;

/** Calls a route loader or action with a request, the harness context and route params. */
export function call<R>(
  fn: RouteFn<R>,
  request: Request,
  context: AppLoadContext,
  params: Record<string, string> = {},
) {
  return fn({ request, context, params } as never);
}

/** The body and status of a `data(...)` result (what an action answers on invalid input). */
export function dataResult<T = unknown>(value: unknown): { status: number | undefined; data: T } {
  const v = value as { data: T; init?: { status?: number } | null };
  return { status: v.init?.status, data: v.data };
}

/** Staff's decision on a proposal, posted to its moderation screen (`fields`: the intent and the ticked fields). */
export function reviewProposal(h: AdminHarness, id: string, fields: Record<string, string | string[]>) {
  return settle(() =>
    call(moderationItem.action as never, formRequest(`/admin/dashboard/moderation/${id}`, fields), h.context, { id }),
  );
}
