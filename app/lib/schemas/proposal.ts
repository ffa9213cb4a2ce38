import { ENTRY_NAME_MAX_LENGTH } from "../constants";
import { isCountryCode, normaliseCountry, storedCountryName } from "../countries";
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
import { messageCode } from "./message-codes";

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

/** A visitor gave an e-mail address without agreeing to its keeping (a message code, as all of a public form's). */
export const CONSENT_OR_NO_EMAIL = messageCode("validation.consentOrNoEmail");

/** A country that is not one of the list's (the form offers a list; decision 058). */
export const COUNTRY_FROM_LIST = messageCode("validation.countryFromList");

/**
 * The name a posted country is stored under (decision 058): the list's ISO code, or text that names a country in any
 * of the site's languages (a form from before the lists, a script), as the site stores countries (English names);
 * null for anything else.
 */
export function countryFromList(posted: string): string | null {
  if (isCountryCode(posted)) return storedCountryName(posted);
  const named = normaliseCountry(posted);
  return named.known ? named.name : null;
}

/**
 * A place proposed by a visitor (/suggest-a-place): only what a visitor can know. Never a status, slug, owner,
 * image or timestamp: those are staff's, and anything else posted is ignored. Its messages are message codes that
 * the page translates into its language.
 */
export const PlaceProposalSchema = z
  .object({
    name: requiredText({ key: "formCommon.field.name" }, ENTRY_NAME_MAX_LENGTH),
    markerType: z.preprocess(
      (v) => (v === undefined || v === null || v === "" ? "standard" : v),
      z.enum(MARKER_TYPES, { error: messageCode("validation.placeKind") }),
    ),
    country: requiredText({ key: "formCommon.field.country" }, 80).transform((v, ctx) => {
      const stored = countryFromList(v);
      if (stored === null) {
        ctx.addIssue({ code: "custom", message: COUNTRY_FROM_LIST });
        return z.NEVER;
      }
      return stored;
    }),
    regionId: optionalId({ key: "formCommon.field.region", noun: "formCommon.noun.region" }),
    contactAddress: nullableText({ key: "formCommon.field.address" }, 200),
    contactCity: nullableText({ key: "formCommon.field.city" }, 100),
    latitude: optionalNumber({ key: "formCommon.field.latitude" }, -90, 90),
    longitude: optionalNumber({ key: "formCommon.field.longitude" }, -180, 180),
    focusAreas: idList({ key: "formCommon.field.focusAreas", noun: "formCommon.noun.focusAreas" }, 40),
    website: optionalUrl({ key: "formCommon.field.website" }),
    contactEmail: optionalEmail({ key: "suggestPlace.field.contactEmail" }),
    contactPhone: nullableText({ key: "suggestPlace.field.contactPhone" }, 40),
    shortDescription: optionalText({ key: "suggestPlace.field.shortDescription" }, 300),
    note: optionalText({ key: "suggestPlace.field.note" }, PROPOSAL_LIMITS.note),
    proposerEmail: optionalEmail({ key: "formCommon.field.yourEmail" }),
    consent: checkbox,
  })
  .superRefine((v, ctx) => {
    if ((v.latitude === null) !== (v.longitude === null)) {
      ctx.addIssue({
        code: "custom",
        path: [v.latitude === null ? "latitude" : "longitude"],
        message: messageCode("validation.bothCoordinates"),
      });
    }
    if (v.proposerEmail && !v.consent)
      ctx.addIssue({ code: "custom", path: ["consent"], message: CONSENT_OR_NO_EMAIL });
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
