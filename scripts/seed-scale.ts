// `npm run seed:scale -- --locations 50000`: fills the configured database (DATA_DIR or DATABASE_URL) with N
// synthetic locations for performance work (db/seed/scale.ts). Stop the server first when using the embedded database.
import { parseArgs } from "node:util";
import { openDatabase } from "~db/client";
import { seedScale } from "~db/seed/scale";
import { ConfigError, loadConfig } from "~server/config";

async function main() {
  const { values } = parseArgs({ options: { locations: { type: "string", default: "50000" } } });
  const n = Number(values.locations);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
    throw new ConfigError("--locations must be a whole number from 1 to 1,000,000.");
  const config = loadConfig({ ...process.env, SEED: "none" }, { tool: true });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedScale(handle, n);
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  process.stderr.write(`Error: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
