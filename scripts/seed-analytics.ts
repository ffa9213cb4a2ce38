// `npm run seed:analytics -- --events 1000000 [--days 400]`: fills the configured database with synthetic analytics
// events spread over the past days (db/seed/analytics-events.ts), then rolls finished days up (as the hourly job
// would). For performance work.
import { parseArgs } from "node:util";
import { rollupAnalytics } from "~/queries/analytics.server";
import { openDatabase } from "~db/client";
import { generateAnalyticsEvents } from "~db/seed/analytics-events";
import { loadConfig } from "~server/config";

/** Stores the events in the configured database (migrated first) and rolls the finished days up. */
export async function seedAnalytics(events: number, days: number, onProgress?: (done: number) => void) {
  const config = loadConfig({ ...process.env, SEED: "none" }, { tool: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await handle.migrate();
    await generateAnalyticsEvents(handle.db, events, days, onProgress);
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
  const result = await seedAnalytics(events, days, (d) => process.stdout.write(`\r${d} / ${events} events`));
  process.stdout.write(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s; rolled up ${result.days} days.\n`);
}
