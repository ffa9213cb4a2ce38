import { count, desc, eq, ilike } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";
import { isUuid } from "../lib/ids";
import { escapeLike } from "./sql-helpers.server";

/**
 * Stores a subscription (email and timestamp). An address already subscribed, in any letter case,
 * creates no second record; the caller answers both cases the same way.
 */
export async function subscribeToNewsletter(
  db: Database,
  email: string,
  source = "footer",
): Promise<{ created: boolean }> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values({ email: email.trim(), timestamp: new Date(), source })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  return { created: rows.length > 0 };
}

export function countNewsletterSubscriptions(db: Database): Promise<number> {
  return db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .then((r) => r[0]?.n ?? 0);
}

export function listNewsletterSubscriptions(db: Database, opts: { q?: string; limit: number; offset: number }) {
  const where = opts.q ? ilike(newsletterSubscriptions.email, `%${escapeLike(opts.q)}%`) : undefined;
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(where)
    .orderBy(desc(newsletterSubscriptions.timestamp))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** How many subscriptions match a search (all when no search). */
export function countNewsletterSubscriptionsMatching(db: Database, q?: string): Promise<number> {
  const where = q ? ilike(newsletterSubscriptions.email, `%${escapeLike(q)}%`) : undefined;
  return db
    .select({ n: count() })
    .from(newsletterSubscriptions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
}

/** One subscription by id (for the removal confirmation), or null. */
export async function getNewsletterSubscriptionById(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).limit(1);
  return row ?? null;
}

/** Removes a subscription; false when it did not exist. */
export async function deleteNewsletterSubscription(db: Database, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const rows = await db
    .delete(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, id))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
