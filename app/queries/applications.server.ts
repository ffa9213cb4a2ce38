import { asc, count, desc, eq, gte } from "drizzle-orm";
import type { Executor } from "~db/client";
import { applications } from "~db/schema";
import { isUuid } from "../lib/ids";
import { REVIEW_STATUSES, type ReviewStatus } from "../lib/vocabulary";
import { findRowById, insertStampedRow, pageWithTotal, updateRowById } from "./rows.server";

export { REVIEW_STATUSES, type ReviewStatus };

/** Allowed review transitions: NEEDS_REVIEW → UNDER_REVIEW → APPROVED or REJECTED, and back to UNDER_REVIEW. */
export const REVIEW_TRANSITIONS: Record<ReviewStatus, readonly ReviewStatus[]> = {
  NEEDS_REVIEW: ["UNDER_REVIEW"],
  UNDER_REVIEW: ["APPROVED", "REJECTED"],
  APPROVED: ["UNDER_REVIEW"],
  REJECTED: ["UNDER_REVIEW"],
};

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationInput = Omit<
  typeof applications.$inferInsert,
  "id" | "status" | "notes" | "createdAt" | "updatedAt"
>;

/** Stores a new application with status NEEDS_REVIEW; returns its id. */
export function createApplication(db: Executor, input: ApplicationInput): Promise<string> {
  return insertStampedRow(db, applications, { ...input, status: "NEEDS_REVIEW", notes: "" });
}

export function listApplications(db: Executor, opts: { status?: ReviewStatus; limit: number; offset: number }) {
  return db
    .select()
    .from(applications)
    .where(opts.status ? eq(applications.status, opts.status) : undefined)
    .orderBy(desc(applications.createdAt))
    .limit(opts.limit)
    .offset(opts.offset);
}

export function getApplicationById(db: Executor, id: string): Promise<ApplicationRow | null> {
  return findRowById(db, applications, id);
}

/**
 * Changes the review status if the transition is allowed; returns the outcome. The row is locked for the check, so
 * two staff deciding at once cannot both move it (and both e-mail the applicant).
 */
export async function setApplicationStatus(
  db: Executor,
  id: string,
  next: ReviewStatus,
): Promise<"ok" | "not-found" | "not-allowed"> {
  if (!isUuid(id)) return "not-found";
  const [current] = await db.select().from(applications).where(eq(applications.id, id)).limit(1).for("update");
  if (!current) return "not-found";
  if (!REVIEW_TRANSITIONS[current.status].includes(next)) return "not-allowed";
  await db.update(applications).set({ status: next, updatedAt: new Date() }).where(eq(applications.id, id));
  return "ok";
}

export function setApplicationNotes(db: Executor, id: string, notes: string): Promise<boolean> {
  return updateRowById(db, applications, id, { notes, updatedAt: new Date() });
}

/** Counts of applications per review status (all four present). */
export async function countApplicationsByStatus(db: Executor): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .groupBy(applications.status);
  const out = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/** Links an application to the draft place or profile made from it. */
export async function linkApplicationEntry(
  db: Executor,
  id: string,
  link: { locationId: string } | { changeMakerId: string },
): Promise<void> {
  if (!isUuid(id)) return;
  await db.update(applications).set(link).where(eq(applications.id, id));
}

/** The application a place or profile was made from, if any (its edit screen links back to it). */
export async function findApplicationFor(
  db: Executor,
  kind: "location" | "change-maker",
  entryId: string,
): Promise<{ id: string; fullName: string } | null> {
  if (!isUuid(entryId)) return null;
  const [row] = await db
    .select({ id: applications.id, fullName: applications.fullName })
    .from(applications)
    .where(kind === "location" ? eq(applications.locationId, entryId) : eq(applications.changeMakerId, entryId))
    .limit(1);
  return row ?? null;
}

/** Applications received since a time, oldest first (a staff digest), at most `limit`, and how many in all. */
export async function listApplicationsSince(db: Executor, since: Date, limit: number) {
  const where = gte(applications.createdAt, since);
  return pageWithTotal(
    db,
    applications,
    where,
    db
      .select({
        id: applications.id,
        fullName: applications.fullName,
        applicantType: applications.applicantType,
        country: applications.country,
      })
      .from(applications)
      .where(where)
      .orderBy(asc(applications.createdAt), asc(applications.id))
      .limit(limit),
  );
}
