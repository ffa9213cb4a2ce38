// Two releases on one database (decision 050): during a rolling upgrade a page from one release may ask an instance
// of the other for its scripts, and a tab opened before an upgrade may ask the new release for a file it no longer
// has. "The earlier release" is a copy of the build with one file of its own and without the current root script.
// On Postgres both run at once, as behind a load balancer; on the embedded database (one process at a time) they
// take turns on the same data folder, as an upgrade in place does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../helpers/scratch-postgres";
import { type RunningServer, SERVER_ENTRY, startServer } from "../helpers/server-process";

const pgUrl = process.env.TEST_DATABASE_URL;
const buildDir = path.dirname(SERVER_ENTRY);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "release-upgrade-"));
const dataDir = path.join(root, "data");
const earlierBuild = path.join(root, "build");
const EARLIER_ONLY = "earlier-release-only-0a1b2c3d.js";
const EARLIER_ONLY_BODY = "export const release = 'earlier';\n";
const rootScript = fs.readdirSync(path.join(buildDir, "client", "assets")).find((f) => /^root-[\w-]+\.js$/.test(f));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const running: RunningServer[] = [];

async function start(entry: string): Promise<RunningServer> {
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: "info" };
  if (scratch)
    Object.assign(env, { DATABASE_URL: scratch.url, AUTH_SECRET: "release-upgrade-secret-0123456789abcdef" });
  const server = await startServer(env, 120_000, [], entry);
  running.push(server);
  return server;
}

async function stop(server: RunningServer) {
  await server.stop();
  running.splice(running.indexOf(server), 1);
}

/** Every file a page names under /assets/: scripts, preloaded modules, stylesheets and its inline imports. */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/["'](\/assets\/[\w.-]+)["']/g)].map((m) => m[1] as string))];
}

beforeAll(async () => {
  if (pgUrl) scratch = await createScratchDatabase(pgUrl, "release_upgrade");
  // The earlier release: the same server, its own extra file, and no copy of the current root script.
  fs.cpSync(buildDir, earlierBuild, { recursive: true });
  fs.symlinkSync(path.resolve("node_modules"), path.join(root, "node_modules"));
  fs.writeFileSync(path.join(earlierBuild, "client", "assets", EARLIER_ONLY), EARLIER_ONLY_BODY);
  if (rootScript) fs.rmSync(path.join(earlierBuild, "client", "assets", rootScript));
});

afterAll(async () => {
  for (const server of [...running]) await server.stop("SIGKILL");
  await scratch?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe(`two releases on one ${pgUrl ? "Postgres database, side by side" : "embedded database, one after the other"}`, () => {
  it("each instance serves the other release's files, so a page from either loads whole from either", async () => {
    expect(rootScript, "the build has a root script").toBeTruthy();
    let earlier = await start(path.join(earlierBuild, "server-entry.js"));
    if (!scratch) await stop(earlier);
    const current = await start(SERVER_ENTRY);

    // A tab of the earlier release asks the current one for a file only the earlier release has.
    const old = await fetch(`${current.url}/assets/${EARLIER_ONLY}`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toMatch(/javascript/);
    expect(old.headers.get("cache-control")).toContain("immutable");
    expect(await old.text()).toBe(EARLIER_ONLY_BODY);
    // A file no release has is still a 404, and names that are not file names reach no file.
    expect((await fetch(`${current.url}/assets/no-release-has-this-00000000.js`)).status).toBe(404);
    expect((await fetch(`${current.url}/assets/..%2Fserver-entry.js`)).status).toBeGreaterThanOrEqual(400);

    // A page of the current release, its files asked of an instance of the earlier one.
    const page = await (await fetch(`${current.url}/`)).text();
    const files = assetsOf(page);
    expect(files).toContain(`/assets/${rootScript}`);
    if (!scratch) {
      await stop(current);
      earlier = await start(path.join(earlierBuild, "server-entry.js"));
    }
    const missing: string[] = [];
    for (const file of files) {
      const res = await fetch(`${earlier.url}${file}`);
      await res.arrayBuffer();
      if (res.status !== 200) missing.push(`${file}: ${res.status}`);
    }
    expect(missing).toEqual([]);
    expect(earlier.output()).toContain("release files shared");
  }, 300_000);
});
