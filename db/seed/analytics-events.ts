// Synthetic analytics events spread over the past days, for performance work: `npm run seed:analytics` (scripts/
// seed-analytics.ts) stores them in the configured database and rolls finished days up.
import { sql } from "drizzle-orm";
import type { Database } from "../client";
import { analyticsEvents } from "../schema";
import { DEMO_LOCATIONS } from "./demo-data";

const PATHS = [
  "/",
  "/map",
  "/locations",
  "/programs",
  "/resources",
  "/podcast",
  "/application",
  "/about",
  "/newsletter",
  "/change-makers",
  ...DEMO_LOCATIONS.slice(0, 40).map((l) => `/location/${l.name.replaceAll(" ", "-")}`),
];

/** Stores `events` synthetic analytics events spread over the past `days` days (more on recent days). */
export async function generateAnalyticsEvents(
  db: Database,
  events: number,
  days: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  // Set-based generation in the database: far faster than sending rows. More recent days get more traffic.
  const CHUNK = 100_000;
  const paths = `{${PATHS.map((p) => `"${p.replaceAll('"', "")}"`).join(",")}}`;
  for (let done = 0; done < events; done += CHUNK) {
    const n = Math.min(CHUNK, events - done);
    await db.execute(sql`
      insert into ${analyticsEvents} (kind, path, title, category, action, form_name, referrer, visitor_hash, device, country, created_at)
      select k.kind::analytics_kind,
             (${paths}::text[])[1 + floor(random() * ${PATHS.length})::int],
             case when k.kind = 'page_view' then 'Page' end,
             case when k.kind = 'user_interaction' then (array['map','explore','audio'])[1 + floor(random() * 3)::int] end,
             case when k.kind = 'user_interaction' then (array['zoom','open','play'])[1 + floor(random() * 3)::int] end,
             case when k.kind = 'form_submission' then (array['newsletter','application','podcast-subscribe'])[1 + floor(random() * 3)::int] end,
             (array['search.example','social.example','news.example','forum.example',null,null,null])[1 + floor(random() * 7)::int],
             'v' || floor(random() * 20000)::int,
             (array['desktop','mobile','mobile','tablet'])[1 + floor(random() * 4)::int],
             (array['US','GB','DE','KE','BR','IN','AU','NZ','ES','MX',null])[1 + floor(random() * 11)::int],
             now() - (floor(${days} * power(random(), 1.5)) * interval '1 day') - (random() * interval '1 day')
      from generate_series(1, ${n}) g,
           lateral (select case when r < 0.9 then 'page_view' when r < 0.97 then 'user_interaction' else 'form_submission' end as kind
                    from (select random() + g * 0 as r) x) k`);
    onProgress?.(done + n);
  }
}
