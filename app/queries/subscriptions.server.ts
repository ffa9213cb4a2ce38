import { and, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "~db/client";
import type { newsletterSubscriptions, podcastSubscriptions } from "~db/schema";
import { escapeLike } from "./sql-helpers.server";

/**
 * What the newsletter's and the podcast's subscriptions share: an address (one per address, whatever its letter case),
 * when it subscribed, a confirmation (double opt-in, decision 054) and the language of its messages. Each list's
 * query module says what differs (when an address counts as subscribed, the newsletter's source and unsubscribing).
 */
export type SubscriptionTable = typeof newsletterSubscriptions | typeof podcastSubscriptions;

/** The subscription of an address, in any letter case, or null. */
export async function findByEmail<T extends SubscriptionTable>(
  db: Executor,
  table: T,
  email: string,
): Promise<T["$inferSelect"] | null> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(sql`lower(${table.email}) = lower(${email.trim()})`)
    .limit(1);
  return (row as T["$inferSelect"] | undefined) ?? null;
}

/**
 * Records a sign-up waiting for confirmation: a new address is stored unconfirmed with `nonce` (and `values`, the
 * list's own columns); one known but not subscribed (`isActive` false) takes the new page's language and keeps the
 * value it has (a link sent earlier still works: someone asking again must not cancel it), or gets `nonce` when it has
 * none; a subscribed one is left alone (`active`). Returns the one-time value the new link must carry.
 */
export async function recordSignUp<T extends SubscriptionTable>(
  db: Executor,
  table: T,
  signUp: {
    email: string;
    nonce: string;
    language: string;
    isActive: (row: T["$inferSelect"]) => boolean;
    values?: Partial<T["$inferInsert"]>;
  },
): Promise<{ status: "new" | "pending" | "active"; id: string; nonce: string }> {
  const { email, nonce, language } = signUp;
  const existing = await findByEmail(db, table, email);
  if (existing && signUp.isActive(existing)) return { status: "active", id: existing.id, nonce: "" };
  if (existing) {
    const [row] = await db
      .update(table as typeof podcastSubscriptions)
      .set({ confirmNonce: sql`coalesce(${table.confirmNonce}, ${nonce})`, confirmSentAt: new Date(), language })
      .where(eq(table.id, existing.id))
      .returning({ nonce: table.confirmNonce });
    return { status: "pending", id: existing.id, nonce: row?.nonce ?? nonce };
  }
  const rows = await db
    .insert(table as typeof podcastSubscriptions)
    .values({
      email: email.trim(),
      timestamp: new Date(),
      ...signUp.values,
      confirmNonce: nonce,
      confirmSentAt: new Date(),
      language,
    })
    .onConflictDoNothing()
    .returning({ id: table.id });
  const id = rows[0]?.id;
  if (id) return { status: "new", id, nonce };
  // Inserted by a concurrent request a moment ago: treat as pending.
  const again = await findByEmail(db, table, email);
  return { status: "pending", id: again?.id ?? "", nonce: again?.confirmNonce ?? nonce };
}

/** The admin list's condition: words in the address and a state's condition (all states when none is given). */
export function matching(table: SubscriptionTable, q: string | undefined, state: SQL | undefined) {
  return and(q ? ilike(table.email, `%${escapeLike(q)}%`) : undefined, state);
}

/** A page of subscriptions matching `where`, newest first. */
export async function listPage<T extends SubscriptionTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<T["$inferSelect"][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.timestamp))
    .limit(page.limit)
    .offset(page.offset);
  return rows as T["$inferSelect"][];
}

/** The addresses a message goes to (those matching `where`) with their language, oldest first. */
export function listAddresses(
  db: Executor,
  table: SubscriptionTable,
  where: SQL | undefined,
): Promise<{ id: string; email: string; language: string }[]> {
  return db
    .select({ id: table.id, email: table.email, language: table.language })
    .from(table as PgTable)
    .where(where)
    .orderBy(table.timestamp);
}

/** How many subscriptions are in each state, given each state's condition. */
export async function countByState<S extends string>(
  db: Executor,
  table: SubscriptionTable,
  states: Record<S, SQL | undefined>,
): Promise<Record<S, number>> {
  const entries = Object.entries(states) as [S, SQL | undefined][];
  const counts = Object.fromEntries(
    entries.map(([state, where]) => [state, sql<number>`count(*) filter (where ${where})`.mapWith(Number)]),
  );
  const [row] = await db.select(counts).from(table as PgTable);
  return (row ?? Object.fromEntries(entries.map(([state]) => [state, 0]))) as Record<S, number>;
}
