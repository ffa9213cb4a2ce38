import { normaliseCountry } from "~/lib/countries";
import { isLanguage } from "~/lib/i18n/languages";
import type { FormValues } from "~/lib/schemas/form";
import { checkLocationReferences } from "~/lib/schemas/location";
import { PLACE_PROPOSAL_FIELDS, type PlaceProposal } from "~/lib/schemas/proposal";
import { recordAudit } from "~/queries/audit.server";
import {
  decideProposal,
  getProposal,
  insertProposal,
  type ProposalRow,
  type ProposalValues,
} from "~/queries/proposals.server";
import { loadReferenceData } from "~/queries/reference.server";
import { notifyContentChanged } from "../entries/content-events.server";
import { ENTRY_KINDS } from "../entries/registry.server";
import { recordChange } from "../entries/revisions.server";
import type { Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { pageLanguage } from "./applications.server";
import { contributionAcknowledgement } from "./contribution-mail.server";
import { prepareOutcome, publicEntryPath, queueOutcome } from "./contribution-outcome.server";
import { contributionNoticeRecipients, contributionNotices } from "./staff-notices.server";

/** The stored form of a proposed place: its fields as text (lists for focus areas), blanks as null. */
export function placeProposalValues(p: PlaceProposal): ProposalValues {
  const out: ProposalValues = {};
  for (const field of PLACE_PROPOSAL_FIELDS) {
    const v = p[field];
    out[field] = Array.isArray(v) ? v : v === null || v === "" ? null : String(v);
  }
  return out;
}

/**
 * Stores a visitor's proposed place as pending; it is not public and touches no entry. It keeps the language of the
 * form's page (`page`, its address): the place's original language if it is accepted, and the language of the mail
 * that tells the visitor the outcome. A visitor who gave their address gets an acknowledgement in that language,
 * within the mail caps (`clientIp`: the client address the form came from); staff who asked for a notice of each
 * contribution get one (English), in the same transaction.
 */
export async function proposePlace(
  services: Pick<Services, "db" | "mail">,
  p: PlaceProposal,
  page?: string,
  clientIp?: string,
): Promise<string> {
  const [ack, staff] = await Promise.all([
    contributionAcknowledgement(services, { kind: "place", email: p.proposerEmail, page, clientIp }),
    contributionNoticeRecipients(services),
  ]);
  return services.db.transaction(async (db) => {
    const id = await insertProposal(db, {
      kind: "new-place",
      entity: "location",
      entityId: null,
      fields: placeProposalValues(p),
      comment: p.note,
      email: p.proposerEmail,
      consentAt: p.proposerEmail ? new Date() : null,
      language: pageLanguage(page),
    });
    const messages = [
      ...(ack ? [ack] : []),
      ...contributionNotices(services, staff, { id, kind: "new-place", entity: "location", name: p.name }),
    ];
    if (messages.length > 0) await services.mail.enqueue(db, ...messages);
    return id;
  });
}

export type DecisionOutcome =
  | { ok: true; entityId: string | null }
  | { ok: false; status: 400 | 404 | 409; message: string; errors?: Record<string, string> };

export const GONE: DecisionOutcome & { ok: false } = {
  ok: false,
  status: 404,
  message: "That contribution no longer exists.",
};
export const DECIDED: DecisionOutcome & { ok: false } = {
  ok: false,
  status: 409,
  message: "This contribution has already been decided (perhaps by someone else just now).",
};

/**
 * Staff accept a proposed place: the fields they ticked, as they edited them, become a new location in draft
 * (for a last look before publishing). The values pass the same checks as the location form; status, slug,
 * owner and timestamps are never taken from the proposal. The proposal records the draft it became.
 */
export async function acceptPlaceProposal(
  services: Pick<Services, "db" | "bus">,
  user: SessionUser,
  id: string,
  form: FormValues,
): Promise<DecisionOutcome> {
  const { db } = services;
  const proposal = await getProposal(db, id);
  if (proposal?.kind !== "new-place") return GONE;
  if (proposal.status !== "pending") return DECIDED;

  const chosen: FormValues = {};
  for (const field of PLACE_PROPOSAL_FIELDS) {
    if (form[`use_${field}`] === undefined) continue;
    const v = form[field];
    if (v !== undefined) chosen[field] = v;
  }
  if (!chosen.name) return { ok: false, status: 400, message: "A place needs its name: tick Name and fill it in." };
  // The site stores a country by its English name: "España" or "DE" is accepted as the country it names.
  if (typeof chosen.country === "string") {
    const country = normaliseCountry(chosen.country);
    if (country.known) chosen.country = country.name;
  }
  const place = ENTRY_KINDS.location;
  const parsed = place.schema.safeParse(chosen);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, status: 400, message: "Some values need a change before the place can be created.", errors };
  }
  const ref = await loadReferenceData(db);
  const errors = checkLocationReferences(parsed.data, ref);
  const nameTaken = async (name: string) => (await place.nameRule.clash(db, name)) !== null;
  if (!errors.name && (await nameTaken(parsed.data.name))) errors.name = place.nameRule.taken;
  if (Object.keys(errors).length > 0) {
    return { ok: false, status: 400, message: "Some values need a change before the place can be created.", errors };
  }
  const v = parsed.data;
  // What the visitor could tell us (PLACE_PROPOSAL_FIELDS), as staff left it; the rest of the draft is empty.
  const input = place.draft({
    name: v.name,
    shortDescription: v.shortDescription,
    website: v.website,
    country: v.country,
    regionId: v.regionId,
    regionName: v.regionId ? (ref.regionsById.get(v.regionId)?.name ?? "") : "",
    contactEmail: v.contactEmail,
    contactPhone: v.contactPhone,
    contactAddress: v.contactAddress,
    contactCity: v.contactCity,
    focusAreas: v.focusAreas,
    latitude: v.latitude,
    longitude: v.longitude,
    markerType: v.markerType,
    featured: false,
    // The language the visitor wrote in: their page's, unless staff saw otherwise (decision 058).
    language: isLanguage(form.language) ? form.language : proposal.language,
  });
  const note = typeof form.note === "string" ? form.note.trim().slice(0, 2000) : "";
  let locationId: string | null = null;
  try {
    // The draft, the decision, the draft's first revision and the audit entry land together, or none does.
    locationId = await db.transaction(async (tx) => {
      const created = await place.create(tx, input);
      const decided = await decideProposal(tx, id, {
        status: "accepted",
        note,
        decidedBy: user.email,
        entityId: created,
      });
      if (!decided) throw new AlreadyDecided();
      await recordChange(
        { db: tx },
        {
          revision: { entity: "location", entityId: created, before: null, written: input, proposalId: id },
          audit: {
            user,
            action: "accept",
            entity: "proposal",
            entityId: id,
            summary: `Accepted the proposed place "${input.name}" as a draft`,
          },
        },
      );
      return created;
    });
  } catch (err) {
    if (err instanceof AlreadyDecided) return DECIDED;
    if (await nameTaken(input.name)) {
      return { ok: false, status: 400, message: place.nameRule.taken, errors: { name: place.nameRule.taken } };
    }
    throw err;
  }
  await notifyContentChanged(services, place.channel);
  return { ok: true, entityId: locationId };
}

class AlreadyDecided extends Error {}

/**
 * Staff decline a contribution, with an optional reason and note; nothing else changes. A visitor who left their
 * address is told, in the decision's transaction (the reason and note stay with staff).
 */
export async function rejectProposal(
  services: Pick<Services, "db" | "logger" | "mail">,
  user: SessionUser,
  id: string,
  decision: { reason: string; note: string },
): Promise<DecisionOutcome> {
  const { db, logger, mail } = services;
  const proposal = await getProposal(db, id);
  if (!proposal) return GONE;
  if (proposal.status !== "pending") return DECIDED;
  const told = await prepareOutcome(services, proposal);
  // A declined correction links to the entry it was about, while that is public.
  const path =
    told && proposal.kind === "correction" && proposal.entityId
      ? await publicEntryPath(services, proposal.entity, proposal.entityId)
      : null;
  const decided = await db.transaction(async (t) => {
    if (!(await decideProposal(t, id, { status: "rejected", ...decision, decidedBy: user.email }))) return false;
    await queueOutcome(
      { mail },
      t,
      told,
      proposal.kind === "new-place" ? "place-declined" : "correction-declined",
      path,
    );
    return true;
  });
  if (!decided) return DECIDED;
  await recordAudit(
    db,
    {
      user,
      action: "reject",
      entity: "proposal",
      entityId: id,
      summary: `Declined ${describeProposal(proposal)}${decision.reason ? `: ${decision.reason}` : ""}`,
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  return { ok: true, entityId: proposal.entityId };
}

/** A contribution in a few words, for the audit log and the queue. */
export function describeProposal(p: Pick<ProposalRow, "kind" | "fields" | "entity">): string {
  const name = typeof p.fields.name === "string" ? p.fields.name : "";
  return p.kind === "new-place"
    ? `the proposed place "${name}"`
    : `a correction to a ${p.entity.replace("-", " ")}${name ? ` ("${name}")` : ""}`;
}

/** Queries the screens use as they are (decision 036). */
export { countPendingProposals, getProposal, listProposals } from "~/queries/proposals.server";
