import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BBox } from "~/lib/map-geometry";
import { readContentVersions } from "~/queries/content-versions.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { getClusterStore } from "../map/clusters.server";
import { notifyContentChanged, onContentChanged } from "./content-events.server";
import { ContentVersionWatcher } from "./content-version.server";

const WORLD: BBox = [-180, -85, 180, 85];
let watcher: ContentVersionWatcher;

const t = testDatabaseForFile();

beforeAll(async () => {
  watcher = new ContentVersionWatcher({ db: t.db, bus: t.bus, logger: pino({ level: "silent" }) });
});
afterAll(async () => {
  watcher?.stop();
});

/** A write made outside the running site (as `psql` or a script would): nothing is announced on the bus. */
async function insertOutside(names: string[]) {
  const values = names.map((n, i) => sql`(${n}, 'Kenya', ${-1 - i * 0.01}, ${36 + i * 0.01})`);
  await t.db.execute(
    sql`INSERT INTO locations (name, country, latitude, longitude) VALUES ${sql.join(values, sql`, `)}`,
  );
}

describe("content versions", () => {
  it("are bumped once per writing statement, for the kind of content written only", async () => {
    const before = await readContentVersions(t.db);
    await insertOutside(["Outside A", "Outside B", "Outside C"]);
    const after = await readContentVersions(t.db);
    expect(after.locations).toBe((before.locations ?? 0) + 1);
    expect(after.programs).toBe(before.programs);
    await t.db.execute(sql`UPDATE focus_areas SET name = name`);
    expect((await readContentVersions(t.db)).reference).toBe((before.reference ?? 0) + 1);
  });

  it("bring a write nobody announced to this instance's map index within one check", async () => {
    const store = getClusterStore(t);
    const start = (await store.query(WORLD, 1)).total;
    await watcher.check();
    await insertOutside(["Silent Farm"]);
    // No notification: the index still answers from what it had.
    expect((await store.query(WORLD, 1)).total).toBe(start);
    const heard: string[] = [];
    const off = onContentChanged(t.bus, (entity) => heard.push(entity));
    expect(await watcher.check()).toEqual(["locations"]);
    off();
    expect(heard).toEqual(["locations"]);
    // The rebuild starts at once; the previous index answers until the new one is ready.
    await expect.poll(async () => (await store.query(WORLD, 1)).total, { timeout: 5000 }).toBe(start + 1);
  });

  it("do not rebuild an index that already holds an announced change", async () => {
    const store = getClusterStore(t);
    await watcher.check();
    const before = (await store.query(WORLD, 1)).total;
    await insertOutside(["Announced Farm"]);
    await notifyContentChanged(t, "locations");
    // On Postgres the notification arrives a moment later.
    await expect.poll(async () => (await store.query(WORLD, 1)).total, { timeout: 5000 }).toBe(before + 1);
    const total = before + 1;
    const builds = store.builds;
    // The check finds the same change the notification brought: the index was built after it.
    expect(await watcher.check()).toEqual(["locations"]);
    expect((await store.query(WORLD, 1)).total).toBe(total);
    expect(store.builds).toBe(builds);
  });
});
