// The layer check (`npm run check:layers`, .dependency-cruiser.cjs; decisions 011, 061 and 064) is fed one wrong
// import of each kind, in a small tree shaped like the real folders, and must report each of them and nothing else;
// then the real tree must pass it.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const config = path.join(root, ".dependency-cruiser.cjs");
const FOLDERS = ["app", "server", "db", "scripts"];

/** Modules every layer may use; the wrong imports below reach for them from the wrong place. */
const RIGHT: Record<string, string> = {
  "app/lib/format.ts": "export const format = (s: string) => s.trim();\n",
  "app/lib/i18n/languages.ts": 'export const LANGUAGES = ["en"] as const;\n',
  "app/locales/en.json": '{ "home": { "title": "Home" } }\n',
  "app/server-lib/password.server.ts":
    'import { randomBytes } from "node:crypto";\nimport { format } from "~/lib/format";\nexport const salt = () => format(randomBytes(8).toString("hex"));\n',
  "app/components/card.tsx": 'import { format } from "~/lib/format";\nexport const Card = () => format(" card ");\n',
  "app/queries/places.server.ts":
    'import { sql } from "drizzle-orm";\nimport { places } from "~db/schema";\nimport { salt } from "~/server-lib/password.server";\nexport const readPlaces = () => [sql`select 1`, places, salt()];\n',
  "app/services/places.server.ts":
    'import { readPlaces } from "~/queries/places.server";\nimport type { Database } from "~db/client";\nexport const listPlaces = (_db?: Database) => readPlaces();\n',
  "app/routes/page.tsx":
    'import type { Route } from "./+types/page";\nimport { Card } from "../components/card";\nimport { listPlaces } from "../services/places.server";\nexport const loader = (_: Route.LoaderArgs) => listPlaces();\nexport default Card;\n',
  ".react-router/types/app/routes/+types/page.ts":
    'type Module = typeof import("../page.js");\nexport namespace Route { export type LoaderArgs = { module: Module }; }\n',
  "db/schema.ts":
    'import { pgTable, text } from "drizzle-orm/pg-core";\nimport { LANGUAGES } from "~/lib/i18n/languages";\nexport const places = pgTable("places", { name: text("name") });\nexport const languages = LANGUAGES;\n',
  "db/client.ts": 'import pg from "pg";\nexport type Database = { pool: pg.Pool };\n',
  "db/seed/names.ts":
    'import en from "~/locales/en.json";\nimport { places } from "../schema";\nexport const names = [en.home.title, places];\n',
  "server/app.ts":
    'import { listPlaces } from "~/services/places.server";\nimport { salt } from "~/server-lib/password.server";\nexport const serve = () => [listPlaces(), salt()];\n',
  "server/config.ts": "export const loadConfig = () => ({});\n",
  "scripts/seed.ts":
    'import { names } from "~db/seed/names";\nimport { loadConfig } from "~server/config";\nimport { readPlaces } from "~/queries/places.server";\nexport const main = () => [names, loadConfig(), readPlaces()];\n',
  "scripts/bench/search.ts": 'import { sql } from "drizzle-orm";\nexport const bench = () => sql`select 1`;\n',
};

/**
 * One wrong import of each kind, a line each: the rule that must report it, the file that makes it, what it imports,
 * and how the check names the module it reaches (the start of its path).
 */
const WRONG = `
server-above-routes             server/render.ts                ~/routes/page                app/routes/page.tsx
server-above-routes             server/shell.ts                 ~/components/card            app/components/card.tsx
db-below-app                    db/seed/rollup.ts               ~/queries/places.server      app/queries/
db-below-app                    db/migrate-cli.ts               ~server/config               server/config.ts
db-below-app                    db/seed/hash.ts                 ~/server-lib/password.server app/server-lib/
services-below-routes           app/services/storage.server.ts  ~server/config               server/config.ts
lib-no-node                     app/lib/hash.ts                 node:crypto                  crypto
lib-runs-anywhere               app/lib/pool.ts                 pg                           node_modules/pg/
lib-runs-anywhere               app/lib/login.ts                ~/server-lib/password.server app/server-lib/
server-only-modules-outside-lib app/routes/other.tsx            ~/lib/secret.server          app/lib/secret.server.ts
sql-in-queries                  app/services/map.worker.ts      pg                           node_modules/pg/
sql-in-queries                  app/services/count.server.ts    drizzle-orm                  node_modules/drizzle-orm/
sql-in-queries                  scripts/tables.ts               ~db/schema                   db/schema.ts
components-render-only          app/components/page-card.tsx    ~/routes/+types/page         .react-router/types/app/routes/+types/page.ts
routes-call-services            app/routes/list.tsx             ../queries/places.server     app/queries/
queries-below-services          app/queries/more.server.ts      ~/services/places.server     app/services/
server-lib-below-queries        app/server-lib/reader.server.ts ~/queries/places.server      app/queries/
nothing-imports-scripts         server/tool.ts                  ../scripts/seed              scripts/seed.ts
`
  .trim()
  .split("\n")
  .map((line) => {
    const [rule = "", file = "", imports = "", resolved = ""] = line.split(/\s+/);
    return { rule, file, imports, resolved };
  });

type Violation = { rule: { name: string }; from: string; to: string };

async function cruise(cwd: string, extra: string[] = []): Promise<Violation[]> {
  const { stdout } = await run(
    process.execPath,
    [depcruise, ...FOLDERS, "--config", config, "--output-type", "json", ...extra],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

let dir: string;
/** Both cruises start at once (each takes a few seconds of one core). */
let fixtureRun: Promise<Violation[]>;
let realRun: Promise<Violation[]>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "layer-check-"));
  const files: Record<string, string> = { ...RIGHT, "app/lib/secret.server.ts": "export const secret = 1;\n" };
  for (const w of WRONG) {
    const name = `wrong${Object.keys(files).length}`;
    files[w.file] =
      `${files[w.file] ?? ""}import * as ${name} from "${w.imports}";\nexport const use${name} = ${name};\n`;
  }
  // Two server modules that import each other.
  files["server/ping.ts"] = 'import { pong } from "./pong";\nexport const ping = () => pong;\n';
  files["server/pong.ts"] = 'import { ping } from "./ping";\nexport const pong = () => ping;\n';
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.copyFileSync(path.join(root, "tsconfig.json"), path.join(dir, "tsconfig.json"));
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  fixtureRun = cruise(dir, ["--preserve-symlinks"]);
  realRun = cruise(root);
  // Failures are reported by the tests that await them.
  fixtureRun.catch(() => {});
  realRun.catch(() => {});
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the layer check", () => {
  it("reports one wrong import of each kind, and none of the right ones", async () => {
    const found = await fixtureRun;
    const seen = (rule: string, from: string, to: string) =>
      found.some((v) => v.rule.name === rule && v.from === from && v.to.startsWith(to));
    for (const w of WRONG) expect(seen(w.rule, w.file, w.resolved), `${w.rule}: ${w.file} → ${w.imports}`).toBe(true);
    expect(found.some((v) => v.rule.name === "no-circular" && v.from.startsWith("server/p"))).toBe(true);
    // Nothing else (a wrong import may break more than one rule): the right imports, a route's own generated types
    // among them, pass.
    const expected = (v: Violation) =>
      WRONG.some((w) => w.file === v.from && v.to.startsWith(w.resolved)) ||
      (v.rule.name === "no-circular" && v.from.startsWith("server/p"));
    expect(found.filter((v) => !expected(v)).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it("passes the real tree with no known violations", async () => {
    expect(JSON.parse(fs.readFileSync(path.join(root, ".dependency-cruiser-known-violations.json"), "utf8"))).toEqual(
      [],
    );
    const found = await realRun;
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });
});
