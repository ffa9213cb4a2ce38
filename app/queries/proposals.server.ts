import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { proposals } from "~db/schema";
import type { Language } from "../lib/i18n/languages";
import { isUuid } from "../lib/ids";
import type { ProposalKind, ProposalStatus } from "../lib/vocabulary";
import { findRowById, pageWithTotal, updateRowById } from "./rows.server";

export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalValues = Record<string, string | string[] | null>;

export type NewProposal = {
  kind: ProposalKind;
  entity: "location" | "program" | "change-maker";
  entityId: string | null;
  fields: ProposalValues;
  seen?: ProposalValues;
  closure?: "closed" | "moved" | null;
  comment: string;
  email: string | null;
  consentAt: Date | null;
  /** The language of the page it was sent from. */
  language: Language;
};

/** Stores a visitor's contribution as pending; returns its id. */
export async function insertProposal(db: Executor, input: NewProposal): Promise<string> {
  const [row] = await db
    .insert(proposals)
    .values({
      kind: input.kind,
      entity: input.entity,
      entityId: input.entityId,
      fields: input.fields,
      seen: input.seen ?? {},
      closure: input.closure ?? null,
      comment: input.comment,
      email: input.email,
      consentAt: input.consentAt,
      language: input.language,
    })
    .returning({ id: proposals.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export function getProposal(db: Executor, id: string): Promise<ProposalRow | null> {
  return findRowById(db, proposals, id);
}

/** How many contributions wait, by kind. */
export async function countPendingProposals(db: Executor): Promise<Record<ProposalKind, number>> {
  const rows = await db
    .select({ kind: proposals.kind, n: count() })
    .from(proposals)
    .where(eq(proposals.status, "pending"))
    .groupBy(proposals.kind);
  const out: Record<ProposalKind, number> = { "new-place": 0, correction: 0 };
  for (const r of rows) out[r.kind] = r.n;
  return out;
}

/**
 * A page of the queue: contributions of one status (pending: oldest first, so nothing waits forever; decided:
 * newest decision first), with the name of the entry each concerns, and the total.
 */
export async function listProposals(
  db: Executor,
  opts: { status: ProposalStatus; kind?: ProposalKind; limit: number; offset: number },
) {
  const where = and(eq(proposals.status, opts.status), opts.kind ? eq(proposals.kind, opts.kind) : undefined);
  const entryName = sql<string | null>`CASE ${proposals.entity}
    WHEN 'location' THEN (SELECT name FROM locations WHERE id = ${proposals.entityId})
    WHEN 'program' THEN (SELECT name FROM programs WHERE id = ${proposals.entityId})
    WHEN 'change-maker' THEN (SELECT name FROM change_makers WHERE id = ${proposals.entityId})
  END`;
  return pageWithTotal(
    db,
    proposals,
    where,
    db
      .select({
        id: proposals.id,
        kind: proposals.kind,
        entity: proposals.entity,
        entityId: proposals.entityId,
        proposedName: sql<string | null>`${proposals.fields} ->> 'name'`,
        entryName,
        closure: proposals.closure,
        email: proposals.email,
        createdAt: proposals.createdAt,
        decidedAt: proposals.decidedAt,
      })
      .from(proposals)
      .where(where)
      .orderBy(
        ...(opts.status === "pending"
          ? [asc(proposals.createdAt), asc(proposals.id)]
          : [desc(proposals.decidedAt), asc(proposals.id)]),
      )
      .limit(opts.limit)
      .offset(opts.offset),
  );
}

/**
 * Records staff's decision on a pending contribution. Returns false when it was no longer pending (another member
 * of staff decided first): a decision is made once.
 */
export function decideProposal(
  db: Executor,
  id: string,
  decision: {
    status: Exclude<ProposalStatus, "pending">;
    reason?: string;
    note?: string;
    decidedBy: string;
    entityId?: string | null;
  },
): Promise<boolean> {
  return updateRowById(
    db,
    proposals,
    id,
    {
      status: decision.status,
      reason: decision.reason ?? "",
      note: decision.note ?? "",
      decidedBy: decision.decidedBy,
      decidedAt: new Date(),
      ...(decision.entityId !== undefined ? { entityId: decision.entityId } : {}),
    },
    eq(proposals.status, "pending"),
  );
}

/** Contributions received since a time and still waiting, oldest first (a staff digest), at most `limit`, and how many. */
export async function listPendingProposalsSince(db: Executor, since: Date, limit: number) {
  const where = and(eq(proposals.status, "pending"), gte(proposals.createdAt, since));
  return pageWithTotal(
    db,
    proposals,
    where,
    db
      .select({
        id: proposals.id,
        kind: proposals.kind,
        entity: proposals.entity,
        fields: proposals.fields,
      })
      .from(proposals)
      .where(where)
      .orderBy(asc(proposals.createdAt), asc(proposals.id))
      .limit(limit),
  );
}

/** Accepted place proposals that became this place and whose visitor, who left an address, has not been told yet. */
export function listUntoldPlaceProposals(db: Executor, locationId: string) {
  if (!isUuid(locationId)) return Promise.resolve([]);
  return db
    .select({ id: proposals.id, email: proposals.email, language: proposals.language })
    .from(proposals)
    .where(
      and(
        eq(proposals.entity, "location"),
        eq(proposals.entityId, locationId),
        eq(proposals.kind, "new-place"),
        eq(proposals.status, "accepted"),
        isNull(proposals.outcomeSentAt),
        isNotNull(proposals.email),
        isNotNull(proposals.consentAt),
      ),
    );
}

/**
 * Records that a contribution's visitor has been told its outcome; false when that was already recorded (another
 * save, or another instance, told them first), so each visitor hears once.
 */
export function markOutcomeSent(db: Executor, id: string): Promise<boolean> {
  return updateRowById(db, proposals, id, { outcomeSentAt: new Date() }, isNull(proposals.outcomeSentAt));
}
