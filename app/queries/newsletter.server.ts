import { count, desc, ilike, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";

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
  const where = opts.q
    ? ilike(newsletterSubscriptions.email, `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined;
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(where)
    .orderBy(desc(newsletterSubscriptions.timestamp))
    .limit(opts.limit)
    .offset(opts.offset);
}
