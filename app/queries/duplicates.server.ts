import { sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import type { LikelyDuplicate } from "../lib/entry-review";
import { isUuid } from "../lib/ids";
import type { EntryStatus } from "../lib/vocabulary";
import { publishedSql, rowsOf } from "./sql-helpers.server";

/** What a place is compared by: its name, position, website and e-mail. */
export type DuplicateProbe = {
  name: string;
  latitude: number | null;
  longitude: number | null;
  website: string | null;
  contactEmail: string | null;
};

/** Mail providers shared by many unrelated places: the same e-mail domain there says nothing. */
const SHARED_MAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "hotmail.com",
  "outlook.com",
  "live.com",
  "icloud.com",
  "proton.me",
  "protonmail.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "aol.com",
  "example.org",
  "example.com",
];

/** A web address's host without "www." (lower case), or null. */
export function websiteHost(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, "") || null;
  } catch {
    return null;
  }
}

/** An e-mail address's domain when it says something about who owns it (not a shared mail provider), or null. */
export function ownEmailDomain(email: string | null): string | null {
  const domain = email?.split("@")[1]?.trim().toLowerCase();
  return domain && !SHARED_MAIL_DOMAINS.includes(domain) ? domain : null;
}

/** Name similarity above which two places nearby are likely the same. */
export const NEAR_NAME_SIMILARITY = 0.5;
/** Name similarity above which two places are likely the same wherever they are said to be. */
export const SAME_NAME_SIMILARITY = 0.8;
/** "Nearby": within this many kilometres. */
export const NEAR_KM = 10;

/**
 * Places that are likely the same as the probe: a similar name (trigram similarity, from the name index) and
 * within a few kilometres (or either without a position), a nearly identical name anywhere, or the same website or
 * e-mail domain. Best first, at most `limit`. `publishedOnly` leaves out drafts and archived places (for visitors).
 */
export async function findLikelyDuplicates(
  db: Executor,
  probe: DuplicateProbe,
  opts: { excludeId?: string; limit?: number; publishedOnly?: boolean } = {},
): Promise<LikelyDuplicate[]> {
  const host = websiteHost(probe.website);
  const domain = ownEmailDomain(probe.contactEmail);
  const exclude = opts.excludeId && isUuid(opts.excludeId) ? opts.excludeId : null;
  const hasPoint = probe.latitude !== null && probe.longitude !== null;
  const distance = hasPoint
    ? sql`CASE WHEN l.latitude IS NULL OR l.longitude IS NULL THEN NULL ELSE 2 * 6371 * asin(sqrt(
        power(sin(radians(l.latitude - ${probe.latitude}) / 2), 2)
        + cos(radians(${probe.latitude})) * cos(radians(l.latitude))
          * power(sin(radians(l.longitude - ${probe.longitude}) / 2), 2))) END`
    : sql`NULL::float8`;
  const hostOf = sql`lower(regexp_replace(substring(l.website from '^[A-Za-z]+://([^/:?#]+)'), '^www\\.', ''))`;
  const domainOf = sql`lower(split_part(l.contact_email, '@', 2))`;
  const result = await db.execute(sql`
    WITH candidates AS (
      SELECT l.id FROM locations l WHERE l.search_name % search_fold(${probe.name})
      ${host || domain ? sql`UNION SELECT l.id FROM locations l WHERE ${host ? sql`${hostOf} = ${host}` : sql`FALSE`} OR ${domain ? sql`${domainOf} = ${domain}` : sql`FALSE`}` : sql``}
    )
    SELECT * FROM (
      SELECT l.id::text AS id, l.name, l.status::text AS status, l.country, l.contact_city AS city,
        similarity(l.search_name, search_fold(${probe.name})) AS score,
        ${distance} AS distance_km,
        ${host ? sql`coalesce(${hostOf} = ${host}, false)` : sql`false`} AS same_website,
        ${domain ? sql`coalesce(${domainOf} = ${domain}, false)` : sql`false`} AS same_domain
      FROM locations l JOIN candidates c ON c.id = l.id
      WHERE ${exclude ? sql`l.id <> ${exclude}` : sql`TRUE`}
        ${opts.publishedOnly ? sql`AND ${publishedSql(sql`l.status`)}` : sql``}
    ) s
    WHERE same_website OR same_domain OR score >= ${SAME_NAME_SIMILARITY}
      OR (score >= ${NEAR_NAME_SIMILARITY} AND (distance_km IS NULL OR distance_km <= ${NEAR_KM}))
    ORDER BY score DESC, name
    LIMIT ${opts.limit ?? 5}
  `);
  const rows = rowsOf(result);
  return rows.map((r) => ({
    id: String(r.id),
    name: String(r.name),
    status: r.status as EntryStatus,
    country: String(r.country ?? ""),
    city: r.city === null || r.city === undefined ? null : String(r.city),
    score: Number(r.score),
    distanceKm: r.distance_km === null || r.distance_km === undefined ? null : Number(r.distance_km),
    sameWebsite: r.same_website === true,
    sameEmailDomain: r.same_domain === true,
  }));
}

/**
 * Folds one place into another in the caller's transaction: its programs move to the kept place, change-makers
 * related to it are related to the kept place instead, and the removed place is deleted.
 */
export async function moveLocationReferences(db: Executor, removeId: string, keepId: string): Promise<void> {
  await db.execute(
    sql`UPDATE programs SET location_id = ${keepId}, updated_at = now() WHERE location_id = ${removeId}`,
  );
  await db.execute(sql`
    UPDATE change_makers SET related_location_ids = (
      SELECT coalesce(array_agg(DISTINCT x), '{}'::uuid[])
      FROM unnest(array_replace(related_location_ids, ${removeId}::uuid, ${keepId}::uuid)) AS x
    ), updated_at = now()
    WHERE ${removeId}::uuid = ANY(related_location_ids)
  `);
  await db.execute(
    sql`UPDATE proposals SET entity_id = ${keepId} WHERE entity = 'location' AND entity_id = ${removeId}`,
  );
  await db.execute(sql`UPDATE applications SET location_id = ${keepId} WHERE location_id = ${removeId}`);
}
