import { entryEditPath } from "~/lib/admin-paths";
import type { RevisionView } from "~/lib/entry-review";
import { type AuditInput, insertAudit } from "~/queries/audit.server";
import {
  getRevision,
  insertRevision,
  listRevisions,
  type RevisionChanges,
  type RevisionRow,
} from "~/queries/revisions.server";
import type { InTransaction, Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { notifyContentChanged } from "./content-events.server";
import { type EntryKind, entryKind, entryName } from "./registry.server";

/** The kinds of entry whose changes are kept: every kind of directory entry (entries/registry.server.ts). */
export type RevisedEntity = EntryKind;

/** A value as stored in a revision: dates as ISO text, everything else as JSON has it. */
function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return v;
}
const same = (a: unknown, b: unknown) => JSON.stringify(plain(a)) === JSON.stringify(plain(b));

/** Each written field whose value differs from before: its old and new value. */
export function diffEntry(before: Record<string, unknown> | null, written: Record<string, unknown>): RevisionChanges {
  const changes: RevisionChanges = {};
  for (const [key, to] of Object.entries(written)) {
    if (to === undefined) continue;
    const from = before ? before[key] : null;
    if (!same(from, to)) changes[key] = { from: plain(from), to: plain(to) };
  }
  return changes;
}

/** A change to an entry as its revision keeps it: the entry as it was, and the values written. */
export type RevisionInput = {
  entity: RevisedEntity;
  entityId: string;
  before: Record<string, unknown> | null;
  written: Record<string, unknown>;
  user: { id: string; email: string } | null;
  proposalId?: string | null;
  reverts?: number | null;
};

/**
 * Stores a change to an entry as a revision (nothing when no field changed), in the change's transaction: a failure
 * throws, and the transaction rolls the change back with it, so no change is left without its history (decision
 * 063; the staff member gets the usual error and can save again).
 */
export async function recordRevision({ db: tx }: InTransaction, entry: RevisionInput): Promise<void> {
  const changes = diffEntry(entry.before, entry.written);
  if (Object.keys(changes).length === 0) return;
  await insertRevision(tx, { ...entry, changes });
}

/**
 * The history of a change, written in the change's transaction (`tx`): the entry's revision when it is a directory
 * entry, and the audit log's entry. Either failing throws and rolls the whole change back.
 */
export async function recordChange(
  { db: tx }: InTransaction,
  change: { audit: AuditInput; revision?: Omit<RevisionInput, "user"> | null },
): Promise<void> {
  if (change.revision) await recordRevision({ db: tx }, { ...change.revision, user: change.audit.user });
  await insertAudit(tx, change.audit);
}

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === "") return "(empty)";
  if (Array.isArray(v)) return v.length === 0 ? "(none)" : v.join(", ");
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
};

/** An entry's history for its admin screen, newest first. */
export async function entryHistory(
  services: Pick<Services, "db">,
  entity: RevisedEntity,
  entityId: string,
): Promise<RevisionView[]> {
  const rows = await listRevisions(services.db, entity, entityId);
  return rows.map((r: RevisionRow) => ({
    id: r.id,
    at: r.createdAt.toISOString(),
    by: r.userEmail || "System",
    fromSuggestion: Boolean(r.proposalId),
    reverts: r.reverts,
    created: createdTheEntry(r.changes),
    changes: Object.entries(r.changes).map(([field, c]) => ({ field, from: shown(c.from), to: shown(c.to) })),
  }));
}

export type RevertOutcome =
  | { ok: true; editPath: string }
  | { ok: false; status: 400 | 404; message: string; editPath?: string };

/** What staff are told when they try to revert the revision that created an entry. */
export const CREATION_NOT_REVERTIBLE =
  "This revision created the entry, so it cannot be reverted: there is no earlier version to put back. To take the entry off the site, archive it.";

/**
 * Whether a revision is the one that created its entry: it sets the entry's name (or a resource's title), which
 * every entry has from its creation on, from nothing. Putting such a revision "back" would write nulls into every
 * field it set.
 */
export function createdTheEntry(changes: RevisionChanges): boolean {
  const named = changes.name ?? changes.title;
  return named !== undefined && (named.from === null || named.from === undefined);
}

/**
 * Puts back the values a revision replaced, as a new revision that says which one it reverts (so a revert can be
 * reverted too). A value that can no longer be written (a name another entry took since) is refused with a message.
 */
export async function revertRevision(
  services: Pick<Services, "db" | "bus" | "logger">,
  user: SessionUser,
  revisionId: number,
): Promise<RevertOutcome> {
  const { db, logger } = services;
  const revision = await getRevision(db, revisionId);
  const kind = revision ? (revision.entity as RevisedEntity) : null;
  const entry = kind ? entryKind(kind) : undefined;
  if (!revision || !kind || !entry) return { ok: false, status: 404, message: "That revision no longer exists." };
  const before = await entry.find(db, revision.entityId);
  if (!before) return { ok: false, status: 404, message: "The entry this revision belongs to has been deleted." };
  const editPath = entryEditPath(kind, revision.entityId);
  if (createdTheEntry(revision.changes)) return { ok: false, status: 400, message: CREATION_NOT_REVERTIBLE, editPath };
  const restore: Record<string, unknown> = {};
  for (const [field, c] of Object.entries(revision.changes)) {
    if (field in before) restore[field] = c.from;
  }
  if (Object.keys(restore).length === 0) {
    return { ok: false, status: 400, message: "None of the fields this revision changed can be put back.", editPath };
  }
  const entityId = revision.entityId;
  try {
    // The values put back, their revision and the audit entry land together, or none does.
    await db.transaction(async (t) => {
      await entry.update(t, entityId, restore).catch((err: unknown) => {
        throw new RevertRefused(err);
      });
      await recordChange(
        { db: t },
        {
          revision: { entity: kind, entityId, before, written: restore, reverts: revision.id },
          audit: {
            user,
            action: "update",
            entity: kind,
            entityId,
            summary: `Reverted revision ${revision.id} of ${kind.replace("-", " ")} "${entryName(kind, before)}"`,
          },
        },
      );
    });
  } catch (err) {
    // The values refused (a failure to keep their history is the usual error, and puts nothing back).
    if (!(err instanceof RevertRefused)) throw err;
    logger.info({ err: err.cause }, "revert refused");
    return {
      ok: false,
      status: 400,
      message: "These values cannot be put back as they were (another entry may use the name now).",
      editPath,
    };
  }
  await notifyContentChanged(services, entry.channel);
  return { ok: true, editPath };
}

/** The entry refused the values a revert puts back (e.g. a name another entry took since). */
class RevertRefused extends Error {
  constructor(cause: unknown) {
    super("revert refused", { cause });
  }
}
