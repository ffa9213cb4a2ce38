import { entryEditPath } from "~/lib/admin-paths";
import { normaliseCountry } from "~/lib/countries";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, languageDisplayName } from "~/lib/i18n/languages";
import { instructionLanguageList } from "~/lib/instruction-languages";
import { CORRECTION_FIELDS, type CorrectableKind } from "~/lib/schemas/correction";
import {
  PLACE_FIELD_LABELS,
  PLACE_KIND_LABELS,
  PLACE_PROPOSAL_FIELDS,
  type PlaceProposalField,
} from "~/lib/schemas/proposal";
import type { MarkerType } from "~/lib/vocabulary";
import { correctionTarget, proposedChanges } from "~/services/contributions/corrections.server";
import { describeProposal, getProposal } from "~/services/contributions/proposals.server";
import { findLikelyDuplicates } from "~/services/entries/duplicates.server";
import { getLocationById } from "~/services/entries/reads.server";
import type { Services } from "~/services/services.server";
import { loadReferenceData } from "~/services/site/reference.server";

/**
 * What staff see of one contribution on its moderation screen (decision 036: a screen's composition is a service
 * function): the proposal, each proposed field of a new place as it reads and as it would be accepted, or a
 * correction field by field beside the entry as it is now, and the places a new one may duplicate. Null when no
 * contribution has this id.
 */
export async function loadModerationItem(services: Pick<Services, "db" | "bus">, id: string) {
  const { db } = services;
  const proposal = await getProposal(db, id);
  if (!proposal) return null;
  const ref = await loadReferenceData(services);
  const entry =
    proposal.entityId && proposal.entity === "location" ? await getLocationById(db, proposal.entityId) : null;
  const kind = proposal.entity as CorrectableKind;
  const text = (k: string) => (typeof proposal.fields[k] === "string" ? (proposal.fields[k] as string) : null);
  const num = (k: string) => (text(k) === null || Number.isNaN(Number(text(k))) ? null : Number(text(k)));
  const duplicates =
    proposal.kind === "new-place" && text("name")
      ? await findLikelyDuplicates(db, {
          name: text("name") ?? "",
          latitude: num("latitude"),
          longitude: num("longitude"),
          website: text("website"),
          contactEmail: text("contactEmail"),
        })
      : [];
  const target =
    proposal.kind === "correction" && proposal.entityId
      ? await correctionTarget(services, kind, proposal.entityId)
      : null;
  const proposedValues = proposal.kind === "correction" ? proposedChanges(proposal.fields) : {};
  const correction =
    proposal.kind === "correction"
      ? {
          entry: target
            ? { name: target.name, path: target.path, status: target.status, editPath: entryEditPath(kind, target.id) }
            : null,
          closure: proposal.closure,
          rows: (CORRECTION_FIELDS[kind] ?? [])
            .filter((f) => f.key in proposedValues)
            .map((f) => {
              const proposed = proposedValues[f.key] ?? "";
              const country = f.key === "country" && proposed ? normaliseCountry(proposed) : null;
              // Languages of instruction are kept as codes ("en,pt"); staff read them by name.
              const words = (v: string) =>
                f.input === "languages" && v ? `${instructionLanguageList(v.split(","), DEFAULT_LANGUAGE)} (${v})` : v;
              return {
                field: f.key,
                label: f.label,
                now: words(target?.current[f.key] ?? ""),
                seen: words(typeof proposal.seen[f.key] === "string" ? (proposal.seen[f.key] as string) : ""),
                proposed: words(proposed),
                // Staff accept the country as the site stores it (decision 058).
                value: country?.known ? country.name : proposed,
                country,
              };
            }),
        }
      : null;
  const shown = (field: PlaceProposalField, v: string | string[] | null | undefined): string => {
    if (v === null || v === undefined || (Array.isArray(v) && v.length === 0) || v === "") return "";
    if (field === "regionId" && typeof v === "string") return ref.regionsById.get(v)?.name ?? "(unknown region)";
    if (field === "markerType" && typeof v === "string") return PLACE_KIND_LABELS[v as MarkerType] ?? v;
    if (field === "focusAreas" && Array.isArray(v)) {
      return v.map((id) => ref.focusAreasById.get(id)?.name ?? "(unknown)").join(", ");
    }
    return Array.isArray(v) ? v.join(", ") : v;
  };
  return {
    proposal: {
      id: proposal.id,
      kind: proposal.kind,
      status: proposal.status,
      title: describeProposal(proposal),
      comment: proposal.comment,
      email: proposal.email,
      createdAt: proposal.createdAt.toISOString(),
      decidedAt: proposal.decidedAt?.toISOString() ?? null,
      decidedBy: proposal.decidedBy,
      reason: proposal.reason,
      note: proposal.note,
    },
    // The language of the page the visitor wrote from: the new place's original language (decision 058).
    language: isLanguage(proposal.language) ? proposal.language : "en",
    languages: LANGUAGES.map((l) => ({ value: l, label: languageDisplayName(l, "en") })),
    fields: PLACE_PROPOSAL_FIELDS.map((field) => {
      const raw = proposal.fields[field];
      const country = field === "country" && typeof raw === "string" && raw ? normaliseCountry(raw) : null;
      return {
        field,
        label: PLACE_FIELD_LABELS[field],
        proposed: shown(field, raw),
        // A country typed in any language, or by its code, is offered as the site stores it.
        value: country?.known ? country.name : Array.isArray(raw) ? raw : (raw ?? ""),
        country,
        focus:
          field === "focusAreas" && Array.isArray(raw)
            ? raw.map((id) => ({ id, name: ref.focusAreasById.get(id)?.name ?? "(unknown)" }))
            : [],
      };
    }),
    regions: ref.regions.map((r) => ({ id: r.id, name: r.name })),
    entry: entry && proposal.kind === "new-place" ? { id: entry.id, name: entry.name, status: entry.status } : null,
    correction,
    duplicates,
  };
}

export type ModerationItem = NonNullable<Awaited<ReturnType<typeof loadModerationItem>>>;
