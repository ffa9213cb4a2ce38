// `npm run seed:analytics -- --events 1000000 [--days 400]`: fills the configured database with synthetic analytics
// events spread over the past days, then rolls finished days up (as the hourly job would). For performance work.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { rollupAnalytics } from "~/queries/analytics.server";
import { loadConfig } from "~server/config";
import { openDatabase } from "../client";
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

export async function generateAnalyticsEvents(events: number, days: number, onProgress?: (done: number) => void) {
  const config = loadConfig({ ...process.env, SEED: "none" }, { tool: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    // Set-based generation in the database: far faster than sending rows. More recent days get more traffic.
    const CHUNK = 100_000;
    const paths = `{${PATHS.map((p) => `"${p.replaceAll('"', "")}"`).join(",")}}`;
    for (let done = 0; done < events; done += CHUNK) {
      const n = Math.min(CHUNK, events - done);
      await handle.db.execute(sql`
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
    return await rollupAnalytics(handle.db);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { events: { type: "string", default: "1000000" }, days: { type: "string", default: "400" } },
  });
  const events = Number(values.events);
  const days = Number(values.days);
  if (
    !Number.isInteger(events) ||
    events < 1 ||
    events > 20_000_000 ||
    !Number.isInteger(days) ||
    days < 1 ||
    days > 3650
  ) {
    process.stderr.write("Error: --events must be 1 to 20,000,000 and --days 1 to 3650.\n");
    process.exit(1);
  }
  const started = Date.now();
  const result = await generateAnalyticsEvents(events, days, (d) => process.stdout.write(`\r${d} / ${events} events`));
  process.stdout.write(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s; rolled up ${result.days} days.\n`);
}
