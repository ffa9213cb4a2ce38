import { and, asc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations } from "~db/schema";
import { isUuid } from "../lib/ids";
import { updateRowById } from "./rows.server";
import { publishedSql } from "./sql-helpers.server";

/** What a request to confirm a place shows its contact, and what the link is checked against. */
export type EntryForCheck = {
  id: string;
  name: string;
  country: string;
  website: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  contactAddress: string | null;
  contactCity: string | null;
  checkedAt: Date;
  checkRequestedAt: Date | null;
  checkNonce: string | null;
  /** The language the entry was written in, as stored (decision 032). */
  language: string;
};

const FIELDS = {
  id: locations.id,
  name: locations.name,
  country: locations.country,
  website: locations.website,
  contactEmail: locations.contactEmail,
  contactPhone: locations.contactPhone,
  contactAddress: locations.contactAddress,
  contactCity: locations.contactCity,
  checkedAt: locations.checkedAt,
  checkRequestedAt: locations.checkRequestedAt,
  checkNonce: locations.checkNonce,
  language: locations.language,
};

export async function getEntryForCheck(db: Executor, id: string): Promise<EntryForCheck | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(FIELDS).from(locations).where(eq(locations.id, id)).limit(1);
  return row ?? null;
}

/**
 * Published places whose contact is due to be asked: with a contact e-mail, not checked since `before`, and not asked since
 * `before` either; the longest unchecked first. Locked for the caller's transaction and skipped by other instances
 * running the same job.
 */
export async function lockDueEntryChecks(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        publishedSql(locations.status),
        isNotNull(locations.contactEmail),
        sql`btrim(${locations.contactEmail}) <> ''`,
        lt(locations.checkedAt, before),
        or(isNull(locations.checkRequestedAt), lt(locations.checkRequestedAt, before)),
      ),
    )
    .orderBy(asc(locations.checkedAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((r) => r.id);
}

/** Records that the contact was asked now, with the one-time value of the link sent; the place as it stands. */
export async function markEntryCheckRequested(db: Executor, id: string, nonce: string): Promise<EntryForCheck | null> {
  const [row] = await db
    .update(locations)
    .set({ checkRequestedAt: new Date(), checkNonce: nonce })
    .where(eq(locations.id, id))
    .returning(FIELDS);
  return row ?? null;
}

/** Marks the place as checked now if the link's one-time value is the current one (then it is used up). */
export function confirmEntryCheck(db: Executor, id: string, nonce: string): Promise<boolean> {
  return updateRowById(db, locations, id, { checkedAt: new Date(), checkNonce: null }, eq(locations.checkNonce, nonce));
}
