import { normaliseCountry } from "~/lib/countries";
import { type CorrectableKind, type CorrectionExtrasSchema, valueText } from "~/lib/schemas/correction";
import type { FormValues } from "~/lib/schemas/form";
import type { EntryStatus } from "~/lib/vocabulary";
import type { z } from "~/lib/zod";
import { decideProposal, getProposal, insertProposal } from "~/queries/proposals.server";
import { notifyContentChanged } from "../entries/content-events.server";
import { type AnyEntryRow, entryKind, entryName, entryPublicPath } from "../entries/registry.server";
import { recordChange } from "../entries/revisions.server";
import type { Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { pageLanguage } from "./applications.server";
import { contributionAcknowledgement } from "./contribution-mail.server";
import { prepareOutcome, publicEntryPath, queueOutcome } from "./contribution-outcome.server";
import { DECIDED, type DecisionOutcome, GONE } from "./proposals.server";
import { contributionNoticeRecipients, contributionNotices } from "./staff-notices.server";

/** An entry as a correction form shows it: its name, public page, status and current values as text. */
export type CorrectionTarget = {
  kind: CorrectableKind;
  id: string;
  name: string;
  path: string;
  status: EntryStatus;
  current: Record<string, string>;
};

/** The entry a correction is about (any status; callers decide who may see it), or null. */
export async function correctionTarget(
  services: Pick<Services, "db">,
  kind: CorrectableKind,
  id: string,
): Promise<CorrectionTarget | null> {
  return (await readCorrectionTarget(services, kind, id))?.target ?? null;
}

/** The entry a correction is about, as its form shows it and as it is stored (`row`, read once). */
async function readCorrectionTarget(
  services: Pick<Services, "db">,
  kind: CorrectableKind,
  id: string,
): Promise<{ target: CorrectionTarget; row: AnyEntryRow } | null> {
  const entry = entryKind(kind);
  const row = await entry.find(services.db, id);
  if (!row) return null;
  const current: Record<string, string> = {};
  for (const f of entry.correctable) current[f.key] = valueText(row[f.key]);
  const name = entryName(kind, row);
  return {
    row,
    target: {
      kind,
      id: row.id,
      name,
      path: entryPublicPath(kind, row) ?? "",
      status: row.status as EntryStatus,
      current,
    },
  };
}

/**
 * Stores a visitor's correction as pending: the changed fields, what the visitor saw, closure and comment, and the
 * language of the form's page (`page`, its address), in which the visitor is told the outcome. A visitor who gave
 * their address gets an acknowledgement in that language, within the mail caps (`clientIp`: the client address the
 * form came from); staff who asked for a notice of each contribution get one, in the same transaction.
 */
export async function proposeCorrection(
  services: Pick<Services, "db" | "mail">,
  target: CorrectionTarget,
  correction: { changes: Record<string, string>; seen: Record<string, string> },
  extras: z.output<typeof CorrectionExtrasSchema>,
  page?: string,
  clientIp?: string,
): Promise<string> {
  const [ack, staff] = await Promise.all([
    contributionAcknowledgement(services, {
      kind: "correction",
      email: extras.proposerEmail,
      page,
      entry: { name: target.name, path: target.path, published: target.status === "published" },
      clientIp,
    }),
    contributionNoticeRecipients(services),
  ]);
  return services.db.transaction(async (db) => {
    const id = await insertProposal(db, {
      kind: "correction",
      entity: target.kind,
      entityId: target.id,
      fields: { name: target.name, ...prefixed(correction.changes) },
      seen: correction.seen,
      closure: target.kind === "location" ? extras.closure : null,
      comment: extras.comment,
      email: extras.proposerEmail,
      consentAt: extras.proposerEmail ? new Date() : null,
      language: pageLanguage(page),
    });
    const messages = [
      ...(ack ? [ack] : []),
      ...contributionNotices(services, staff, { id, kind: "correction", entity: target.kind, name: target.name }),
    ];
    if (messages.length > 0) await services.mail.enqueue(db, ...messages);
    return id;
  });
}

// Proposed values are stored under "to:<field>" beside the entry's name at the time (shown in the queue).
const prefixed = (changes: Record<string, string>) =>
  Object.fromEntries(Object.entries(changes).map(([k, v]) => [`to:${k}`, v]));

/** The fields a stored correction proposes, with their proposed values. */
export function proposedChanges(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (k.startsWith("to:")) out[k.slice(3)] = valueText(v);
  return out;
}

/**
 * Staff accept a correction: the fields they ticked, with the values as they left them (checked by the same rules
 * as their own form), are written to the entry; with "archive" ticked, the entry is archived (a place that has
 * closed). The decision, the note and the audit entry are kept; other fields are untouched.
 */
export async function acceptCorrection(
  services: Pick<Services, "db" | "bus" | "mail">,
  user: SessionUser,
  id: string,
  form: FormValues,
): Promise<DecisionOutcome & { changed?: Record<string, [string, string]> }> {
  const { db } = services;
  const proposal = await getProposal(db, id);
  if (proposal?.kind !== "correction" || !proposal.entityId) {
    return GONE;
  }
  if (proposal.status !== "pending") return DECIDED;
  const kind = proposal.entity as CorrectableKind;
  const entry = entryKind(kind);
  const read = await readCorrectionTarget(services, kind, proposal.entityId);
  if (!read) return { ok: false, status: 404, message: "The entry this correction is about no longer exists." };

  const { target, row: before } = read;
  const errors: Record<string, string> = {};
  const update: Record<string, unknown> = {};
  const changed: Record<string, [string, string]> = {};
  const proposed = proposedChanges(proposal.fields);
  for (const f of entry.correctable) {
    if (!(f.key in proposed) || form[`use_${f.key}`] === undefined) continue;
    const posted = form[f.key] ?? "";
    // A country as the site stores it (its English name), whatever language or code it was written in.
    const named = f.key === "country" && typeof posted === "string" ? normaliseCountry(posted) : null;
    const parsed = f.schema.safeParse(named?.known ? named.name : posted);
    if (!parsed.success) {
      errors[f.key] = parsed.error.issues[0]?.message ?? `${f.label} is not valid.`;
      continue;
    }
    const next = valueText(parsed.data);
    if (next === target.current[f.key]) continue;
    update[f.key] = parsed.data;
    changed[f.key] = [target.current[f.key] ?? "", next];
  }
  const archive = form.archive !== undefined;
  if (typeof update.name === "string" && entry.nameRule && Object.keys(errors).length === 0) {
    if (await entry.nameRule.clash(db, update.name, target.id)) errors.name = entry.nameRule.taken;
  }
  if (Object.keys(errors).length > 0) {
    return { ok: false, status: 400, message: "Some values need a change before they can be accepted.", errors };
  }
  if (archive && target.status !== "archived") {
    update.status = "archived";
    changed.status = [target.status, "archived"];
  }
  if (Object.keys(update).length === 0) {
    return {
      ok: false,
      status: 400,
      message: "Nothing would change: tick at least one field (or decline the correction).",
    };
  }
  const note = typeof form.note === "string" ? form.note.trim().slice(0, 2000) : "";
  const told = await prepareOutcome(services, proposal);
  // The decision, the change, its revision, the audit entry and the visitor's message land together, or none does.
  const applied = await db.transaction(async (tx) => {
    if (!(await decideProposal(tx, id, { status: "accepted", note, decidedBy: user.email }))) return false;
    await entry.update(tx, target.id, update);
    await recordChange(
      { db: tx },
      {
        revision: { entity: kind, entityId: target.id, before, written: update, proposalId: id },
        audit: {
          user,
          action: "accept",
          entity: "proposal",
          entityId: id,
          summary: `Accepted a correction to ${kind.replace("-", " ")} "${target.name}": ${Object.keys(changed).join(", ")}`,
        },
      },
    );
    // The entry's page as it is now (renamed, or gone when archived).
    await queueOutcome(services, tx, told, "correction-accepted", await publicEntryPath({ db: tx }, kind, target.id));
    return true;
  });
  if (!applied) return DECIDED;
  await notifyContentChanged(services, entry.channel);
  return { ok: true, entityId: target.id, changed };
}
