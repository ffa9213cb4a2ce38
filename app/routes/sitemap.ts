import { buildSitemap, type SitemapEntry } from "../lib/feeds/sitemap";
import { absolute, escapeXml } from "../lib/feeds/xml";
import { locationPath, programPath } from "../lib/slug";
import { RESOURCE_TYPES } from "../lib/taxonomy";
import { listChangeMakers } from "../queries/change-makers.server";
import { listLocationSitemapEntries } from "../queries/locations.server";
import { listEpisodes } from "../queries/podcast.server";
import { listPrograms } from "../queries/programs.server";
import { loadReferenceData } from "../queries/reference.server";
import { listResources } from "../queries/resources.server";
import type { Route } from "./+types/sitemap";

/** The sitemaps.org limit is 50,000 URLs per file; beyond that /sitemap.xml becomes an index of parts. */
const URLS_PER_SITEMAP = 45_000;

function newest(dates: (Date | null | undefined)[]): Date | undefined {
  let best: Date | undefined;
  for (const d of dates) if (d && (!best || d > best)) best = d;
  return best;
}

/** Every public URL with its last change: entities by updatedAt, list pages by their newest content. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const [locations, programs, people, resources, episodes, ref] = await Promise.all([
    listLocationSitemapEntries(db),
    listPrograms(db).catch(() => []),
    listChangeMakers(db),
    listResources(db),
    listEpisodes(db),
    loadReferenceData(db),
  ]);
  const newestLocation = newest(locations.map((l) => l.updatedAt));
  const newestProgram = newest(programs.map((p) => p.updatedAt));
  const newestPerson = newest(people.map((p) => p.updatedAt));
  const newestResource = newest(resources.map((r) => r.updatedAt));
  const newestEpisode = newest(episodes.map((e) => e.publishedAt));
  const newestAny = newest([newestLocation, newestProgram, newestPerson, newestResource, newestEpisode]);

  const entries: SitemapEntry[] = [
    { path: "/", lastmod: newestAny },
    { path: "/map", lastmod: newestLocation },
    { path: "/locations", lastmod: newestLocation },
    ...ref.regions.map((r) => ({ path: `/locations?region=${r.key}`, lastmod: newestLocation })),
    { path: "/programs", lastmod: newestProgram },
    { path: "/change-makers", lastmod: newestPerson },
    { path: "/resources", lastmod: newestResource },
    ...RESOURCE_TYPES.map((t) => ({ path: `/resources?type=${encodeURIComponent(t.value)}`, lastmod: newestResource })),
    { path: "/podcast", lastmod: newestEpisode },
    { path: "/application" },
    { path: "/newsletter" },
    { path: "/about" },
    { path: "/privacy" },
    { path: "/terms" },
    ...programs.map((p) => ({ path: programPath(p.name), lastmod: p.updatedAt })),
    ...people.map((p) => ({ path: `/change-makers/${p.id}`, lastmod: p.updatedAt })),
    ...locations.map((l) => ({ path: locationPath(l.name), lastmod: l.updatedAt })),
  ];

  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
  };
  if (entries.length <= URLS_PER_SITEMAP) {
    return new Response(buildSitemap(config.siteUrl, entries), { headers });
  }
  const parts = Math.ceil(entries.length / URLS_PER_SITEMAP);
  const part = Number(new URL(request.url).searchParams.get("part"));
  if (Number.isInteger(part) && part >= 1 && part <= parts) {
    const slice = entries.slice((part - 1) * URLS_PER_SITEMAP, part * URLS_PER_SITEMAP);
    return new Response(buildSitemap(config.siteUrl, slice), { headers });
  }
  const index = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Array.from({ length: parts }, (_, i) => {
      const lastmod = newest(
        entries
          .slice(i * URLS_PER_SITEMAP, (i + 1) * URLS_PER_SITEMAP)
          .map((e) => (e.lastmod ? new Date(e.lastmod) : null)),
      );
      return `  <sitemap>\n    <loc>${escapeXml(absolute(config.siteUrl, `/sitemap.xml?part=${i + 1}`))}</loc>${
        lastmod ? `\n    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""
      }\n  </sitemap>`;
    }),
    "</sitemapindex>",
    "",
  ].join("\n");
  return new Response(index, { headers });
}
