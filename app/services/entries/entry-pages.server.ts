import { formatDateRange, formatLabel, formatPrice } from "~/lib/format";
import { formatDistance } from "~/lib/geo";
import { entryForPage, foreignLanguage, localizeEntry } from "~/lib/i18n/entry-translations";
import { intlLocale, type Language } from "~/lib/i18n/languages";
import type { Translate } from "~/lib/i18n/translate";
import { isUuid } from "~/lib/ids";
import { countryLabel, referenceName } from "~/lib/reference-names";
import { locationPath, programPath } from "~/lib/slug";
import { getChangeMakerById } from "~/queries/change-makers.server";
import {
  findLocationByAddressKey,
  getLocationById,
  getLocationPage,
  listLocationLinksByIds,
} from "~/queries/locations.server";
import { findRedirect } from "~/queries/redirects.server";
import { basemapVersion } from "../map/basemap.server";
import { miniMapZoom } from "../map/mini-map.server";
import { findNearbyPlaces } from "../map/nearest.server";
import type { Services } from "../services.server";
import { loadReferenceNames } from "../site/reference.server";
import { pagePicture } from "./stored-image.server";

/** What an entry page's loader knows of the request: the address, the page's language and, only if needed, whether staff ask. */
type EntryPageRequest = {
  lang: Language;
  t: Translate;
  /** Whether the request may see an unpublished entry (staff); asked only when the entry is not published. */
  canPreview: () => Promise<boolean>;
};

/**
 * A place's page in the page's language: the place (texts in their translation or their original, names from the
 * database in the page's language, the picture's sizes), and its programs with their dates, format and price as
 * text. Published places for everyone; staff also get a draft or archived place, marked as a preview. An address in
 * another case or with stray hyphens, or an old address (a rename or a merge), moves to the place's own address.
 */
export async function loadLocationPage(
  services: Pick<Services, "db" | "logger" | "storage" | "config">,
  slug: string,
  { lang, t, canPreview }: EntryPageRequest,
  today: string,
) {
  const { db, config } = services;
  const l =
    (await getLocationPage(db, slug)) ??
    ((await canPreview()) ? await getLocationPage(db, slug, { includeUnpublished: true }) : null);
  if (!l) {
    const alike = await findLocationByAddressKey(db, slug);
    if (alike) return { kind: "moved", to: locationPath(alike.name) } as const;
    const moved = await findRedirect(db, "location", slug);
    const target = moved ? await getLocationById(db, moved) : null;
    if (target?.status === "published") return { kind: "moved", to: locationPath(target.name) } as const;
    return { kind: "missing" } as const;
  }
  const picture = await pagePicture(
    services,
    { original: l.image, webp: l.webpImageUrl },
    lang,
    "image lookup failed; showing the stored URLs",
  );
  const preview = l.status === "published" ? null : l.status;
  const position = l.latitude !== null && l.longitude !== null ? { id: l.id, lat: l.latitude, lng: l.longitude } : null;
  const nearby = position ? await findNearbyPlaces(services, position) : [];
  // The query's row is the page's data; only what the server works out (picture, address, dates as text) and the
  // texts in the page's language (a translation, or the original and its language) are added.
  const {
    status: _status,
    programs,
    webpImageUrl: _webp,
    imageWidth,
    imageHeight,
    updatedAt,
    checkedAt,
    language: _original,
    translations: _translations,
    country,
    region,
    subRegion,
    focus,
    ...rest
  } = l;
  const shown = entryForPage("location", l, lang);
  const page = {
    siteUrl: config.siteUrl,
    language: lang,
    preview,
    editPath: `/admin/dashboard/edit/${l.id}`,
    // Versions the mini map's outline image so browsers may keep it for good.
    basemapVersion: basemapVersion(),
    // The mini map shows the place's surroundings, with the nearest towns named.
    miniMapZoom: position ? miniMapZoom(position.lat, position.lng) : null,
    // The nearest published places, with their distances in the page's number format.
    nearby: nearby.map((n) => {
      const name = localizeEntry(n, ["name"], lang).fields.name;
      return {
        slug: n.slug,
        name: name.text,
        nameLang: foreignLanguage(name, lang),
        path: locationPath(n.name),
        where: [n.city, countryLabel(n.country, lang)].filter(Boolean).join(", "),
        markerType: n.markerType,
        distance: formatDistance(n.distanceKm, "km", intlLocale(lang)),
      };
    }),
    location: {
      ...rest,
      // Names from the database in the page's language (a country by its code, the rest by their translations).
      country: countryLabel(country, lang),
      region: region ? { key: region.key, name: referenceName(region, lang) } : null,
      subRegion: subRegion ? { id: subRegion.id, name: referenceName(subRegion, lang) } : null,
      focus: focus.map((f) => ({ id: f.id, name: referenceName(f, lang) })),
      name: shown.text.name,
      path: locationPath(l.name),
      shortDescription: shown.text.shortDescription,
      longDescription: shown.text.longDescription,
      lang: shown.lang,
      inLanguage: shown.inLanguage,
      webp: picture.webp,
      webpSrcSet: picture.srcSet,
      width: picture.width ?? imageWidth ?? 960,
      height: picture.height ?? imageHeight ?? 600,
      // The picture's words from the media library (its alt text and caption), when it has them.
      imageAlt: picture.alt,
      imageCaption: picture.caption,
      updatedAt: updatedAt.toISOString(),
      checkedAt: checkedAt.toISOString(),
    },
    programs: programs.map((p) => {
      const program = entryForPage("program", { ...p, description: "" }, lang);
      return {
        id: p.id,
        name: program.text.name,
        nameLang: program.lang.name,
        path: programPath(p.name),
        summary: program.text.summary,
        summaryLang: program.lang.summary,
        dates: formatDateRange(p.startDate, p.endDate, lang, t),
        past: Boolean(p.endDate && p.endDate < today),
        format: formatLabel(p.format, t),
        price: formatPrice(p.priceCents, p.currency, lang, t),
      };
    }),
  };
  return { kind: "page", page } as const;
}

/**
 * A change-maker's profile in the page's language: role and biography in their translation or original, the focus
 * areas' and country's names, the portrait's sizes, and the places they work with. Published profiles for everyone;
 * staff also get an unpublished one, marked as a preview. An id that is not one is simply missing.
 */
export async function loadChangeMakerPage(
  services: Pick<Services, "db" | "bus" | "logger" | "storage" | "config">,
  id: string,
  { lang, canPreview }: EntryPageRequest,
) {
  const { db, config } = services;
  if (!isUuid(id)) return { kind: "missing" } as const;
  const found = await getChangeMakerById(db, id);
  const c = found && (found.status === "published" || (await canPreview())) ? found : null;
  if (!c) return { kind: "missing" } as const;
  const [related, ref, picture] = await Promise.all([
    listLocationLinksByIds(db, c.relatedLocationIds),
    loadReferenceNames(services, lang),
    pagePicture(
      services,
      { original: c.photoUrl, webp: c.webpPhotoUrl },
      lang,
      "photo lookup failed; showing the stored URLs",
    ),
  ]);
  const preview = c.status === "published" ? null : c.status;
  // The page's language decides which translation, if any, each text is shown in.
  const shown = entryForPage("change-maker", c, lang);
  const page = {
    siteUrl: config.siteUrl,
    preview,
    editPath: `/admin/dashboard/change-makers/edit/${c.id}`,
    person: {
      id: c.id,
      path: `/change-makers/${c.id}`,
      name: c.name,
      role: shown.text.role,
      bio: shown.text.bio,
      lang: shown.lang,
      country: countryLabel(c.country, lang),
      photo: c.photoUrl,
      webp: picture.webp,
      webpSrcSet: picture.srcSet,
      // Portraits from the media library keep their own shape; demo photos are 960 × 600.
      width: picture.width ?? undefined,
      height: picture.height ?? undefined,
      photoAlt: picture.alt,
      photoCaption: picture.caption,
      links: c.links.filter((l) => /^https?:\/\//i.test(l.url)),
      focus: c.focusAreas
        .map((focusId) => ({ id: focusId, name: ref.focusAreasById.get(focusId)?.name ?? "" }))
        .filter((f) => f.name.trim() !== ""),
      checkedAt: c.checkedAt.toISOString(),
    },
    related: related.map((l) => ({
      id: l.id,
      name: l.name,
      path: locationPath(l.name),
      place: [l.contactCity, countryLabel(l.country, lang)].filter(Boolean).join(", "),
    })),
  };
  return { kind: "page", page } as const;
}
