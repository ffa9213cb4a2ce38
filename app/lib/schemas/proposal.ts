import { ENTRY_NAME_MAX_LENGTH } from "../constants";
import { MARKER_TYPES } from "../vocabulary";
import { z } from "../zod";
import {
  checkbox,
  idList,
  nullableText,
  optionalEmail,
  optionalId,
  optionalNumber,
  optionalText,
  optionalUrl,
  requiredText,
} from "./form";

/** The hidden fields every contribution form carries: a honeypot for bots and a signed timestamp for timing. */
export const PROPOSAL_HONEYPOT_FIELD = "homepage";
export const PROPOSAL_TOKEN_FIELD = "formToken";

export const PROPOSAL_LIMITS = { note: 2000, comment: 2000 } as const;

/** What a place is, as a visitor would say it (the map marker it gets). */
export const PLACE_KIND_LABELS: Record<(typeof MARKER_TYPES)[number], string> = {
  farm: "A farm or food forest",
  school: "A school or teaching centre",
  ecovillage: "An eco-village or community",
  standard: "Something else",
};

const consentRequired = "Please agree to the privacy policy, or leave your e-mail address out.";

/**
 * A place proposed by a visitor (/suggest-a-place): only what a visitor can know. Never a status, slug, owner,
 * image or timestamp: those are staff's, and anything else posted is ignored.
 */
export const PlaceProposalSchema = z
  .object({
    name: requiredText("Name", ENTRY_NAME_MAX_LENGTH),
    markerType: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? "standard" : v),
      z.enum(MARKER_TYPES, { error: "Please choose what kind of place it is from the list." }),
    ),
    country: requiredText("Country", 80),
    regionId: optionalId("Region"),
    contactAddress: nullableText("Address", 200),
    contactCity: nullableText("Town or city", 100),
    latitude: optionalNumber("Latitude", -90, 90),
    longitude: optionalNumber("Longitude", -180, 180),
    focusAreas: idList("Focus areas", 40),
    website: optionalUrl("Website"),
    contactEmail: optionalEmail("The place's e-mail"),
    contactPhone: nullableText("The place's phone", 40),
    shortDescription: optionalText("What happens there", 300),
    note: optionalText("Note for our team", PROPOSAL_LIMITS.note),
    proposerEmail: optionalEmail("Your e-mail"),
    consent: checkbox,
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null)) {
      ctx.addIssue({
        code: "custom",
        path: [v.latitude === null ? "latitude" : "longitude"],
        message: "Enter both latitude and longitude, or neither.",
      });
    }
    if (v.proposerEmail && !v.consent) ctx.addIssue({ code: "custom", path: ["consent"], message: consentRequired });
  });

export type PlaceProposal = z.output<typeof PlaceProposalSchema>;

/** The proposed place's fields as stored with the proposal (and offered to staff, field by field). */
export const PLACE_PROPOSAL_FIELDS = [
  "name",
  "markerType",
  "shortDescription",
  "country",
  "regionId",
  "contactAddress",
  "contactCity",
  "latitude",
  "longitude",
  "focusAreas",
  "website",
  "contactEmail",
  "contactPhone",
] as const;
export type PlaceProposalField = (typeof PLACE_PROPOSAL_FIELDS)[number];

export const PLACE_FIELD_LABELS: Record<PlaceProposalField, string> = {
  name: "Name",
  markerType: "What it is",
  shortDescription: "What happens there",
  country: "Country",
  regionId: "Region",
  contactAddress: "Address",
  contactCity: "Town or city",
  latitude: "Latitude",
  longitude: "Longitude",
  focusAreas: "Focus areas",
  website: "Website",
  contactEmail: "E-mail",
  contactPhone: "Phone",
};

/** Staff's decision to decline a contribution: an optional reason (kept with it) and a note. */
export const RejectProposalSchema = z.object({
  reason: optionalText("Reason", 500),
  note: optionalText("Note", 2000),
});
