// `npm run db:migrate`: applies committed migrations to the configured database (the server also does this at start).

import { openDatabase } from "~db/client";
import { loadConfig } from "~server/config";

const config = loadConfig(process.env, { tool: true });
const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await handle.migrate();
  process.stdout.write(`Migrations applied (${handle.kind}).\n`);
} finally {
  await handle.close();
}
