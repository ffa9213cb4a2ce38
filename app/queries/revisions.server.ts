import { and, desc, eq } from "drizzle-orm";
import type { Database, Executor } from "~db/client";
import { entryRevisions } from "~db/schema";
import { isUuid } from "../lib/ids";

export type RevisionRow = typeof entryRevisions.$inferSelect;
export type RevisionChanges = Record<string, { from: unknown; to: unknown }>;

/** Stores a revision, in the change's own transaction when given one (`db` may be its `tx`). */
export async function insertRevision(
  db: Executor,
  input: {
    entity: string;
    entityId: string;
    changes: RevisionChanges;
    user: { id: string; email: string } | null;
    proposalId?: string | null;
    reverts?: number | null;
  },
): Promise<number> {
  const [row] = await db
    .insert(entryRevisions)
    .values({
      entity: input.entity,
      entityId: input.entityId,
      changes: input.changes,
      userId: input.user?.id ?? null,
      userEmail: input.user?.email ?? "",
      proposalId: input.proposalId ?? null,
      reverts: input.reverts ?? null,
    })
    .returning({ id: entryRevisions.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** An entry's revisions, newest first. */
export function listRevisions(db: Database, entity: string, entityId: string, limit = 50): Promise<RevisionRow[]> {
  if (!isUuid(entityId)) return Promise.resolve([]);
  return db
    .select()
    .from(entryRevisions)
    .where(and(eq(entryRevisions.entity, entity), eq(entryRevisions.entityId, entityId)))
    .orderBy(desc(entryRevisions.createdAt), desc(entryRevisions.id))
    .limit(limit);
}

export async function getRevision(db: Database, id: number): Promise<RevisionRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(entryRevisions).where(eq(entryRevisions.id, id)).limit(1);
  return row ?? null;
}
