import { createHash } from "node:crypto";
import pLimit from "p-limit";
import {
  buildSitemap,
  buildSitemapIndex,
  type SitemapEntry,
  sitemapUrl,
  URLS_PER_ENTRY,
  URLSET_CLOSE,
  URLSET_OPEN,
} from "~/lib/feeds/sitemap";
import { RESOURCE_TYPES } from "~/lib/taxonomy";
import { readContentVersions } from "~/queries/content-versions.server";
import { loadReferenceData } from "~/queries/reference.server";
import {
  SITEMAP_KINDS,
  type SitemapKind,
  type SitemapRow,
  sitemapOffsetId,
  sitemapPartDates,
  sitemapRows,
  sitemapTotals,
} from "~/queries/sitemap.server";
import type { Database } from "~db/client";
import { ENTRY_KINDS } from "../entries/registry.server";
import type { Services } from "../services.server";

/**
 * The sitemap (decision 018). Up to URLS_PER_SITEMAP URLs it is one file; beyond, /sitemap.xml is an index of parts:
 * `?part=pages` (the list and static pages) and `?part=<kind>-<n>` for programs, change-makers and locations, each
 * `URLS_PER_SITEMAP` entries in id order. The index needs counts and one row per part from the database; a part is
 * read in pages of `PAGE_ROWS` by keyset and streamed, so memory does not grow with the number of places. Every
 * answer carries an ETag made of the content versions: unchanged content answers 304.
 */

/**
 * Pages per file. The sitemaps.org limit is 50,000 URLs per file; each page is listed once per language
 * (URLS_PER_ENTRY), so a file holds at most 45,000 URLs, which leaves room.
 */
export const URLS_PER_SITEMAP = Math.floor(45_000 / URLS_PER_ENTRY);
/**
 * Rows per query. A page waits in its stream until the crawler reads it, long enough to outlive two scavenges and be
 * promoted; smaller pages keep less of that short-lived data in the old generation (decision 023: at 500,000 places
 * a crawl 8 parts at a time grew the process by ~115 MB with 2,000 rows, ~68 MB with 500).
 */
const PAGE_ROWS = 500;
/**
 * Pages of rows read and written out at once, across every request: a crawler fetching 8 parts at a time then holds
 * two pages of rows in memory, not eight (at 500,000 places the process grew by ~200 MB without this; each stream
 * waits its turn between pages, so no request is refused and every part still streams).
 */
const pageSlots = pLimit(2);

const CONTENT = ["locations", "programs", "changeMakers", "resources", "podcast", "reference", "settings"] as const;

/** The kind of entry each part of the sitemap lists (entries/registry.server.ts gives its page's address). */
const PART_KINDS = {
  locations: ENTRY_KINDS.location,
  programs: ENTRY_KINDS.program,
  "change-makers": ENTRY_KINDS["change-maker"],
} as const satisfies Record<SitemapKind, unknown>;

function pathOf(kind: SitemapKind, row: SitemapRow): string {
  return PART_KINDS[kind].publicPath(row);
}

function newest(dates: (Date | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const d of dates) if (d && (!best || d > best)) best = d;
  return best;
}

type Totals = Awaited<ReturnType<typeof sitemapTotals>>;

/** The list and static pages, each with the newest change of what it lists. */
async function pageEntries(db: Database, totals: Totals): Promise<SitemapEntry[]> {
  const ref = await loadReferenceData(db);
  const location = totals.kinds.locations.newest;
  const program = totals.kinds.programs.newest;
  const person = totals.kinds["change-makers"].newest;
  const resource = totals.resourcesNewest;
  const episode = totals.episodesNewest;
  const any = newest([location, program, person, resource, episode]);
  return [
    { path: "/", lastmod: any },
    { path: "/map", lastmod: location },
    { path: "/locations", lastmod: location },
    ...ref.regions.map((r) => ({ path: `/locations?region=${r.key}`, lastmod: location })),
    { path: "/programs", lastmod: program },
    { path: "/change-makers", lastmod: person },
    { path: "/resources", lastmod: resource },
    ...RESOURCE_TYPES.map((t) => ({ path: `/resources?type=${encodeURIComponent(t.value)}`, lastmod: resource })),
    { path: "/podcast", lastmod: episode },
    { path: "/application" },
    { path: "/newsletter" },
    { path: "/about" },
    { path: "/privacy" },
    { path: "/terms" },
    { path: "/open-data" },
  ];
}

/** The entries of one kind from `offset`, at most `limit`, read page by page. */
async function* kindUrls(
  db: Database,
  siteUrl: string,
  kind: SitemapKind,
  offset: number,
  limit: number,
): AsyncGenerator<string> {
  let cursor: { from: string } | { after: string } | null = null;
  if (offset > 0) {
    const start = await sitemapOffsetId(db, kind, offset);
    if (start === null) return;
    cursor = { from: start };
  }
  let left = limit;
  while (left > 0) {
    const want = Math.min(PAGE_ROWS, left);
    const page = await pageSlots(async () => {
      const rows = await sitemapRows(db, kind, cursor, want);
      return {
        count: rows.length,
        lastId: rows[rows.length - 1]?.id,
        text: rows.map((r) => sitemapUrl(siteUrl, { path: pathOf(kind, r), lastmod: r.updatedAt })).join(""),
      };
    });
    if (page.count > 0) yield page.text;
    left -= page.count;
    const last = page.lastId;
    if (page.count < want || !last) return;
    cursor = { after: last };
  }
}

/** A urlset written as it is read: the pages first, then each kind's slice. */
function streamUrlset(
  pages: SitemapEntry[],
  parts: AsyncGenerator<string>[],
  siteUrl: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* chunks() {
    yield URLSET_OPEN + pages.map((e) => sitemapUrl(siteUrl, e)).join("");
    for (const part of parts) yield* part;
    yield URLSET_CLOSE;
  }
  const it = chunks();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await it.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await it.return(undefined);
    },
  });
}

/**
 * What the sitemap computed at a content version, per database: counts and the index. Anything written changes a
 * version, so an entry is valid exactly while its key matches (two small objects per database).
 */
const computed = new WeakMap<Database, { key: string; totals: Totals; index?: string }>();

const HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=0, s-maxage=300, stale-while-revalidate=600",
};

export async function sitemapResponse(
  { db }: Pick<Services, "db">,
  siteUrl: string,
  request: Request,
  /** URLs per file (tests use a small number to see parts without writing 45,000 rows). */
  perPart = URLS_PER_SITEMAP,
): Promise<Response> {
  const versions = await readContentVersions(db);
  const partParam = new URL(request.url).searchParams.get("part");
  const etag = `W/"sitemap-${createHash("sha256")
    .update(JSON.stringify([siteUrl, partParam, CONTENT.map((k) => versions[k] ?? 0)]))
    .digest("base64url")
    .slice(0, 22)}"`;
  const headers = { ...HEADERS, ETag: etag };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((t) => t.trim() === etag)) return new Response(null, { status: 304, headers });

  const versionKey = JSON.stringify([siteUrl, perPart, CONTENT.map((k) => versions[k] ?? 0)]);
  let cached = computed.get(db);
  if (cached?.key !== versionKey) {
    cached = { key: versionKey, totals: await sitemapTotals(db) };
    computed.set(db, cached);
  }
  const totals = cached.totals;
  const pages = await pageEntries(db, totals);
  const counted = SITEMAP_KINDS.reduce((n, k) => n + totals.kinds[k].count, 0);

  // A small site: one file with everything.
  if (pages.length + counted <= perPart) {
    const parts = SITEMAP_KINDS.map((k) => kindUrls(db, siteUrl, k, 0, perPart));
    return new Response(streamUrlset(pages, parts, siteUrl), { headers });
  }

  if (partParam === null) {
    if (cached.index) return new Response(cached.index, { headers });
    const entries: SitemapEntry[] = [
      { path: "/sitemap.xml?part=pages", lastmod: newest(pages.map((p) => p.lastmod as Date | null)) },
    ];
    for (const kind of SITEMAP_KINDS) {
      if (totals.kinds[kind].count === 0) continue;
      const dates = await sitemapPartDates(db, kind, perPart);
      for (const [i, lastmod] of dates.entries()) entries.push({ path: `/sitemap.xml?part=${kind}-${i + 1}`, lastmod });
    }
    cached.index = buildSitemapIndex(siteUrl, entries);
    return new Response(cached.index, { headers });
  }
  if (partParam === "pages") return new Response(buildSitemap(siteUrl, pages), { headers });

  const match = /^(programs|change-makers|locations)-([1-9][0-9]{0,5})$/.exec(partParam);
  const kind = match?.[1] as SitemapKind | undefined;
  const n = Number(match?.[2]);
  if (!kind || (n - 1) * perPart >= totals.kinds[kind].count) {
    return new Response("No such sitemap part. /sitemap.xml lists them.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const part = kindUrls(db, siteUrl, kind, (n - 1) * perPart, perPart);
  return new Response(streamUrlset([], [part], siteUrl), { headers });
}
