import { count, desc, eq, ilike } from "drizzle-orm";
import type { Database } from "~db/client";
import { podcastEpisodes, podcastSubscriptions } from "~db/schema";
import { isUuid } from "../lib/ids";
import { escapeLike } from "./sql-helpers.server";

export type EpisodeRow = typeof podcastEpisodes.$inferSelect;
export type EpisodeInput = Omit<typeof podcastEpisodes.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** Episodes, newest first. */
export function listEpisodes(db: Database, opts: { limit?: number } = {}): Promise<EpisodeRow[]> {
  const q = db.select().from(podcastEpisodes).orderBy(desc(podcastEpisodes.publishedAt), desc(podcastEpisodes.number));
  return opts.limit ? q.limit(opts.limit) : q;
}

export async function getEpisodeById(db: Database, id: string): Promise<EpisodeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id)).limit(1);
  return row ?? null;
}

export async function createEpisode(db: Database, input: EpisodeInput): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(podcastEpisodes)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: podcastEpisodes.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateEpisode(db: Database, id: string, input: Partial<EpisodeInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(podcastEpisodes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(podcastEpisodes.id, id))
    .returning({ id: podcastEpisodes.id });
  return rows.length > 0;
}

export async function deleteEpisode(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, id)).returning({ id: podcastEpisodes.id });
  return rows.length > 0;
}

/** Stores a podcast subscription; an address already subscribed (any case) creates no second record. */
export async function subscribeToPodcast(db: Database, email: string): Promise<{ created: boolean }> {
  const rows = await db
    .insert(podcastSubscriptions)
    .values({ email: email.trim(), timestamp: new Date() })
    .onConflictDoNothing()
    .returning({ id: podcastSubscriptions.id });
  return { created: rows.length > 0 };
}

export function listPodcastSubscriptions(db: Database, opts: { q?: string; limit: number; offset: number }) {
  const where = opts.q ? ilike(podcastSubscriptions.email, `%${escapeLike(opts.q)}%`) : undefined;
  return db
    .select()
    .from(podcastSubscriptions)
    .where(where)
    .orderBy(desc(podcastSubscriptions.timestamp))
    .limit(opts.limit)
    .offset(opts.offset);
}

export function countPodcastSubscriptions(db: Database): Promise<number> {
  return db
    .select({ n: count() })
    .from(podcastSubscriptions)
    .then((r) => r[0]?.n ?? 0);
}

/** True when another episode already has this number, ignoring `exceptId`. */
export async function isEpisodeNumberTaken(db: Database, number: number, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.number, number))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
}

/** How many podcast subscriptions match a search (all when no search). */
export function countPodcastSubscriptionsMatching(db: Database, q?: string): Promise<number> {
  const where = q ? ilike(podcastSubscriptions.email, `%${escapeLike(q)}%`) : undefined;
  return db
    .select({ n: count() })
    .from(podcastSubscriptions)
    .where(where)
    .then((r) => r[0]?.n ?? 0);
}
