/** schema.org JSON-LD of the directory's entries: places, programs (courses) and change-makers (people). */
import { absoluteUrl, compact } from "./jsonld";

export function placeJsonLd(p: {
  siteUrl: string;
  path: string;
  name: string;
  description: string;
  image?: string | null;
  website?: string | null;
  email?: string | null;
  phone?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country: string;
  latitude?: number | null;
  longitude?: number | null;
  keywords?: string[];
}) {
  const url = absoluteUrl(p.siteUrl, p.path);
  return compact({
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    "@id": url,
    name: p.name,
    description: p.description,
    url,
    sameAs: p.website || undefined,
    image: p.image ? absoluteUrl(p.siteUrl, p.image) : undefined,
    email: p.email || undefined,
    telephone: p.phone || undefined,
    address: compact({
      "@type": "PostalAddress",
      streetAddress: p.street,
      addressLocality: p.city,
      addressRegion: p.state,
      postalCode: p.postalCode,
      addressCountry: p.country,
    }),
    geo:
      typeof p.latitude === "number" && typeof p.longitude === "number"
        ? { "@type": "GeoCoordinates", latitude: p.latitude, longitude: p.longitude }
        : undefined,
    keywords: p.keywords?.length ? p.keywords.join(", ") : undefined,
  });
}

const COURSE_MODE: Record<string, string> = { "in-person": "Onsite", online: "Online", hybrid: "Blended" };

export function courseJsonLd(p: {
  siteUrl: string;
  path: string;
  name: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  format: string;
  priceCents: number | null;
  currency: string;
  educators: string[];
  capacity: number | null;
  image?: string | null;
  location?: { name: string; path: string; country: string; city?: string | null } | null;
  applicationUrl?: string | null;
  /** The language of the name and description shown (BCP 47). */
  inLanguage?: string;
  /** The languages the course is taught in (ISO 639-1, decision 060): the course instance's `inLanguage`. */
  instructionLanguages?: readonly string[];
}) {
  const url = absoluteUrl(p.siteUrl, p.path);
  const offers = compact({
    "@type": "Offer",
    price: p.priceCents === null ? 0 : p.priceCents / 100,
    priceCurrency: p.currency || "USD",
    category: p.priceCents === null || p.priceCents === 0 ? "Free" : "Paid",
    url: p.applicationUrl || url,
  });
  const instance = compact({
    "@type": "CourseInstance",
    courseMode: COURSE_MODE[p.format] ?? p.format,
    startDate: p.startDate,
    endDate: p.endDate,
    maximumAttendeeCapacity: p.capacity ?? undefined,
    // The instance is the course as given: its language is the teaching's, where the Course's is its text's.
    inLanguage:
      p.instructionLanguages && p.instructionLanguages.length > 0
        ? p.instructionLanguages.length === 1
          ? p.instructionLanguages[0]
          : [...p.instructionLanguages]
        : undefined,
    instructor: p.educators.map((name) => ({ "@type": "Person", name })),
    location: p.location
      ? compact({
          "@type": "Place",
          name: p.location.name,
          url: absoluteUrl(p.siteUrl, p.location.path),
          address: compact({
            "@type": "PostalAddress",
            addressLocality: p.location.city,
            addressCountry: p.location.country,
          }),
        })
      : p.format === "online"
        ? { "@type": "VirtualLocation", url }
        : undefined,
    offers,
  });
  return compact({
    "@context": "https://schema.org",
    "@type": "Course",
    "@id": url,
    name: p.name,
    description: p.description,
    inLanguage: p.inLanguage,
    url,
    image: p.image ? absoluteUrl(p.siteUrl, p.image) : undefined,
    provider: p.location
      ? { "@type": "Organization", name: p.location.name, url: absoluteUrl(p.siteUrl, p.location.path) }
      : undefined,
    offers,
    hasCourseInstance: [instance],
  });
}

export function personJsonLd(p: {
  siteUrl: string;
  path: string;
  name: string;
  jobTitle: string;
  description: string;
  country: string;
  image?: string | null;
  sameAs: string[];
  knowsAbout: string[];
  affiliations: { name: string; path: string }[];
}) {
  const url = absoluteUrl(p.siteUrl, p.path);
  return compact({
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": url,
    name: p.name,
    jobTitle: p.jobTitle,
    description: p.description,
    url,
    image: p.image ? absoluteUrl(p.siteUrl, p.image) : undefined,
    nationality: p.country ? { "@type": "Country", name: p.country } : undefined,
    sameAs: p.sameAs.length ? p.sameAs : undefined,
    knowsAbout: p.knowsAbout.length ? p.knowsAbout : undefined,
    affiliation: p.affiliations.length
      ? p.affiliations.map((a) => ({ "@type": "Organization", name: a.name, url: absoluteUrl(p.siteUrl, a.path) }))
      : undefined,
  });
}
