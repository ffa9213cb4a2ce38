/**
 * The open data's item of each kind (decision 069): one home for what a place, program, change-maker, resource or
 * episode looks like outside the site, read by the API (`/api/v1`), and meant for the dumps and OGC API Features too.
 * Lists never carry an e-mail address or a phone number (harvesting them is a spammer's first use of an open
 * directory); a single entry carries exactly the contact fields its public page shows.
 */
import {
  type LocalizedEntry,
  localizeEntry,
  type TranslatableField,
  type TranslatableKind,
  translatableFields,
} from "~/lib/i18n/entry-translations";
import type { Language } from "~/lib/i18n/languages";
import { countryCode } from "~/lib/reference-names";
import type { OpenDataKind, OpenDataRow, Tombstone } from "~/queries/open-data.server";
import { ENTRY_KINDS } from "../entries/registry.server";
import type { ReferenceData } from "../site/reference.server";

/** What every item builder reads: the site's address, reference names (in `lang` when given) and the language asked. */
export type ItemContext = {
  siteUrl: string;
  ref: ReferenceData;
  lang?: Language;
  /** A single entry's answer: with the contact fields its page shows. Lists leave them out. */
  detail?: boolean;
};

/** A JSON object as the API writes it. */
export type Item = Record<string, unknown>;

const iso = (d: Date) => d.toISOString();
/** A link the site would show: http(s) only (a stored `javascript:` or typo is left out). */
const httpLink = (value: string | null | undefined) => (value && /^https?:\/\//i.test(value) ? value : null);
const abs = (siteUrl: string, path: string) => `${siteUrl}${path}`;
/** At most 6 decimals (about 10 cm), as RFC 7946 advises: more says nothing and costs bytes. */
const coordinate = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Translatable texts in the language asked, each field on its own (a translation where staff added one, otherwise the
 * original): the fields, the language the entry was written in, and which fields were translated.
 */
function texts<K extends TranslatableKind>(
  kind: K,
  row: { language?: unknown; translations?: unknown } & Record<TranslatableField<K>, string>,
  lang: Language | undefined,
): { fields: Record<TranslatableField<K>, string>; language: Language; translated: TranslatableField<K>[] } {
  const names = translatableFields(kind);
  const shown: LocalizedEntry<TranslatableField<K>> = localizeEntry(row, names, lang ?? "en");
  const fields = {} as Record<TranslatableField<K>, string>;
  const translated: TranslatableField<K>[] = [];
  for (const f of names) {
    const s = shown.fields[f];
    fields[f] = lang ? s.text : row[f];
    if (lang && s.translated) translated.push(f);
  }
  return { fields, language: shown.original, translated };
}

/**
 * The members every item opens with: its language (the entry's own, and with `lang` the language asked and which fields
 * it got translated), its address (`url`) and when it last changed (`updated_at`, the change order of decision 069).
 */
function opening(
  row: { changedAt: Date },
  t: { language: Language; translated: string[] },
  ctx: ItemContext,
  url: string,
): Item {
  const language = ctx.lang
    ? { language: t.language, lang: ctx.lang, translated_fields: t.translated }
    : { language: t.language };
  return { ...language, url, updated_at: iso(row.changedAt) };
}

function focusAreas(ids: readonly string[], ref: ReferenceData) {
  return ids.flatMap((id) => {
    const f = ref.focusAreasById.get(id);
    return f ? [{ id, name: f.name, category: f.categoryId || null }] : [];
  });
}

function country(stored: string) {
  return { country: stored || null, country_code: (stored && countryCode(stored)) || null };
}

type PlaceRow = OpenDataRow<"place">;

/** A place as a GeoJSON Feature: [lon, lat] with at most 6 decimals, or `geometry: null` without a position. */
export function placeFeature(row: PlaceRow, ctx: ItemContext): Item {
  const t = texts("location", row, ctx.lang);
  const region = row.regionId ? ctx.ref.regionsById.get(row.regionId) : undefined;
  const subRegion = row.subRegionId ? ctx.ref.subRegionsById.get(row.subRegionId) : undefined;
  const contact = ctx.detail
    ? {
        email: row.contactEmail || null,
        phone: row.contactPhone || null,
        address: row.contactAddress || null,
        postal_code: row.contactZipCode || null,
      }
    : {};
  return {
    type: "Feature",
    id: row.id,
    geometry:
      row.latitude !== null && row.longitude !== null
        ? { type: "Point", coordinates: [coordinate(row.longitude), coordinate(row.latitude)] }
        : null,
    properties: {
      name: t.fields.name,
      short_description: t.fields.shortDescription,
      long_description: t.fields.longDescription,
      ...opening(row, t, ctx, abs(ctx.siteUrl, ENTRY_KINDS.location.publicPath(row))),
      ...country(row.country),
      region: region ? { id: region.id, key: region.key, name: region.name } : null,
      sub_region: subRegion ? { id: subRegion.id, name: subRegion.name } : null,
      city: row.contactCity || null,
      state: row.contactState || null,
      ...contact,
      website: httpLink(row.website),
      image: row.webpImageUrl || row.originalImageUrl || null,
      focus_areas: focusAreas(row.focusAreas, ctx.ref),
      marker_type: row.markerType || "standard",
    },
  };
}

function program(row: OpenDataRow<"program">, ctx: ItemContext): Item {
  const t = texts("program", row, ctx.lang);
  return {
    id: row.id,
    name: t.fields.name,
    summary: t.fields.summary,
    description: t.fields.description,
    ...opening(row, t, ctx, abs(ctx.siteUrl, ENTRY_KINDS.program.publicPath(row))),
    start_date: row.startDate,
    end_date: row.endDate,
    format: row.format,
    price: row.priceCents === null ? null : { amount: row.priceCents / 100, currency: row.currency },
    educators: row.educators,
    application_url: httpLink(row.applicationUrl),
    capacity: row.capacity,
    place: row.locationId,
    instruction_languages: row.instructionLanguages,
    focus_areas: focusAreas(row.focusAreas, ctx.ref),
    image: row.imageUrl || null,
  };
}

function changeMaker(row: OpenDataRow<"change-maker">, ctx: ItemContext): Item {
  const t = texts("change-maker", row, ctx.lang);
  return {
    id: row.id,
    name: row.name,
    role: t.fields.role,
    bio: t.fields.bio,
    ...opening(row, t, ctx, abs(ctx.siteUrl, ENTRY_KINDS["change-maker"].publicPath(row))),
    ...country(row.country),
    photo: row.webpPhotoUrl || row.photoUrl || null,
    links: row.links.filter((l) => httpLink(l.url)).map((l) => ({ label: l.label, url: l.url })),
    related_places: row.relatedLocationIds,
    focus_areas: focusAreas(row.focusAreas, ctx.ref),
  };
}

function resource(row: OpenDataRow<"resource">, ctx: ItemContext): Item {
  const t = texts("resource", row, ctx.lang);
  return {
    id: row.id,
    title: t.fields.title,
    description: t.fields.description,
    // A resource has no page here: the site lists it and links to it (as its search results do).
    ...opening(row, t, ctx, row.url),
    type: row.type,
    author: row.author,
    image: row.imageUrl || null,
    focus_areas: focusAreas(row.focusAreas, ctx.ref),
  };
}

function episode(row: OpenDataRow<"episode">, ctx: ItemContext): Item {
  const t = texts("episode", row, ctx.lang);
  return {
    id: row.id,
    number: row.number,
    title: t.fields.title,
    summary: t.fields.summary,
    show_notes: t.fields.showNotes,
    ...opening(row, t, ctx, abs(ctx.siteUrl, `/podcast#episode-${row.number}`)),
    published_at: iso(row.publishedAt),
    guest: row.guest,
    audio: row.audioUrl ? { url: row.audioUrl, type: row.audioType, bytes: row.audioBytes } : null,
    duration_seconds: row.durationSeconds,
    image: row.imageUrl || null,
  };
}

/** Each kind's item builder. */
export const OPEN_DATA_ITEMS: { [K in OpenDataKind]: (row: OpenDataRow<K>, ctx: ItemContext) => Item } = {
  place: placeFeature,
  program,
  "change-maker": changeMaker,
  resource,
  episode,
};

/** The item of an entry that left: a Feature without geometry for places, a plain object for the other kinds. */
export function tombstoneItem(kind: OpenDataKind, t: Tombstone): Item {
  const members = { deleted: true, updated_at: iso(t.deletedAt), merged_into: t.mergedInto };
  return kind === "place"
    ? { type: "Feature", id: t.id, geometry: null, properties: members }
    : { id: t.id, ...members };
}
