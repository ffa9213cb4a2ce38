// `npm run bench`: every benchmark of the project, one after another. Figures only; nothing is asserted.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { benchLocationPage, benchWorkers } from "./location-page";

const here = path.dirname(new URL(import.meta.url).pathname);
if (!fs.existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server-entry.js"))) {
  console.log("Building first…");
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

console.log("== location page (foundation and public-site bars)");
await benchLocationPage();
// Several server processes on one machine need Postgres (the fleet bench's server).
if (process.env.BENCH_FLEET_DATABASE_URL) await benchWorkers(process.env.BENCH_FLEET_DATABASE_URL);
else
  console.log(
    "\nFresh renders from several processes (WORKERS): skipped, BENCH_FLEET_DATABASE_URL names no Postgres server.",
  );

// Other benchmarks live beside this file as standalone scripts (they start their own servers).
for (const file of fs.readdirSync(here).sort()) {
  if (!file.endsWith(".ts") || ["index.ts", "location-page.ts"].includes(file)) continue;
  console.log(`\n== ${file.replace(/\.ts$/, "")}`);
  const r = spawnSync(process.execPath, ["--import", "tsx", path.join(here, file)], { stdio: "inherit" });
  if (r.status !== 0) console.log(`(${file} exited with ${r.status})`);
}
