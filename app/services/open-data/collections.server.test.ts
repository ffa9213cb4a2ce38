import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { API_CHANGES_MAX_AGE_DAYS } from "~/lib/open-data-params";
import { CHANGE_SAFETY_LAG_MS } from "~/queries/open-data.server";
import { createProgram } from "~/queries/programs.server";
import { ENTRY_KINDS } from "~/services/entries/registry.server";
import type { Services } from "~/services/services.server";
import { changeMakers, locations, openDataTombstones } from "~db/schema";
import { adminHarnessForFile } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { mergeLocations } from "../entries/merge.server";
import type { SessionUser } from "../staff/guard.server";
import { type ApiCollection, readCollectionPage } from "./collections.server";
import { pruneOldTombstones, TOMBSTONE_KEPT_DAYS } from "./tombstones.server";

const h = adminHarnessForFile();
const services = () => h.context.services as unknown as Services;
const place = ENTRY_KINDS.location;
const staff = (): SessionUser => ({
  id: h.userId,
  email: "content-admin@example.org",
  name: "Content Admin",
  role: "ADMIN",
  sessionId: "s",
});

/** Waits until every change made so far is below the horizon the changes list up to. */
const settle = () => new Promise((r) => setTimeout(r, CHANGE_SAFETY_LAG_MS + 50));

type Listed = { id: string; deleted?: boolean; properties?: { deleted?: boolean; merged_into?: string | null } };

/** Every item of a walk of `collection` with these parameters, page by page, and the `updated_since` to poll next. */
async function walk(
  collection: ApiCollection,
  params: Record<string, string>,
  between?: (page: number) => Promise<void>,
) {
  const items: Listed[] = [];
  let cursor: string | null = null;
  let sync: Date | null = null;
  for (let n = 0; n < 1000; n++) {
    const query = new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) });
    const page = await readCollectionPage(services(), collection, query);
    items.push(...(page.items as Listed[]));
    sync ??= page.syncFrom;
    if (params.updated_since) sync = page.syncFrom;
    cursor = page.next;
    if (!cursor) break;
    await between?.(n);
  }
  return { items, sync: sync as Date };
}

const isGone = (i: Listed) => Boolean(i.deleted ?? i.properties?.deleted);

describe(`open data: tombstones, paging and mirrors (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("records a tombstone when a public entry is deleted, unpublished or merged, and drops it when it is back", async () => {
    const db = h.t.db;
    const gone = await place.create(db, locationInput("Tomb Deleted"));
    const hidden = await place.create(db, locationInput("Tomb Hidden"));
    const keep = await place.create(db, locationInput("Tomb Keep"));
    const merged = await place.create(db, locationInput("Tomb Merged"));
    const draft = await place.create(db, locationInput("Tomb Draft", { status: "draft" }));
    await place.remove(db, gone);
    await place.update(db, hidden, { status: "archived" });
    expect(await mergeLocations(services(), staff(), keep, merged)).toMatchObject({ ok: true });
    await place.remove(db, draft);
    const stones = await db.select().from(openDataTombstones).where(eq(openDataTombstones.kind, "place"));
    const byId = new Map(stones.map((s) => [s.id, s]));
    expect(byId.get(gone)?.mergedInto).toBeNull();
    expect(byId.get(hidden)).toBeDefined();
    expect(byId.get(merged)?.mergedInto).toBe(keep);
    // A draft was never public: nothing to tell a mirror.
    expect(byId.has(draft)).toBe(false);

    // Published again: live, its change time past the tombstone's, which is gone.
    await place.update(db, hidden, { status: "published" });
    expect((await db.select().from(openDataTombstones).where(eq(openDataTombstones.id, hidden))).length).toBe(0);
  });

  it("keeps tombstones longer than updated_since reaches back, and prunes older ones", async () => {
    const db = h.t.db;
    const id = await place.create(db, locationInput("Long Gone"));
    await place.remove(db, id);
    const day = 86_400_000;
    expect(await pruneOldTombstones({ db }, Date.now() + API_CHANGES_MAX_AGE_DAYS * day)).toBe(0);
    expect(await pruneOldTombstones({ db }, Date.now() + TOMBSTONE_KEPT_DAYS * day + day)).toBeGreaterThan(0);
    expect((await db.select().from(openDataTombstones).where(eq(openDataTombstones.id, id))).length).toBe(0);
  });

  it("moves the change time on every write that changes what the open data shows, and only then", async () => {
    const db = h.t.db;
    const id = await place.create(db, locationInput("Change Clock"));
    const read = async () =>
      (await db.select({ at: locations.changedAt }).from(locations).where(eq(locations.id, id)))[0]?.at.getTime();
    const first = await read();
    // Staff's "checked" stamp and a check request are bookkeeping.
    await db.update(locations).set({ checkedAt: new Date(), checkNonce: "n" }).where(eq(locations.id, id));
    expect(await read()).toBe(first);
    // A translation added by raw SQL (no code path bumps it) still counts.
    await db.execute(sql`UPDATE locations SET translations = '{"es":{"name":"Reloj"}}' WHERE id = ${id}`);
    expect(await read()).toBeGreaterThan(first ?? 0);
  });

  it("walks a collection by id while others write: no id twice, every entry unchanged during the walk", async () => {
    const db = h.t.db;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(
        (
          await db
            .insert(changeMakers)
            .values({ name: `Walker ${String(i).padStart(2, "0")}`, role: "Teacher" })
            .returning({ id: changeMakers.id })
        )[0]?.id as string,
      );
    }
    const touched = new Set<string>();
    const { items } = await walk("change-makers", { limit: "7" }, async (n) => {
      // Between pages, another writer creates, edits and deletes entries on both sides of the cursor.
      const victim = ids[(n * 11) % ids.length] as string;
      touched.add(victim);
      await db.delete(changeMakers).where(eq(changeMakers.id, victim));
      const edited = ids[(n * 7 + 3) % ids.length] as string;
      touched.add(edited);
      await db
        .update(changeMakers)
        .set({ role: `Edited ${n}` })
        .where(eq(changeMakers.id, edited));
      await db.insert(changeMakers).values({ name: `Newcomer ${n}` });
    });
    const seen = items.map((i) => i.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of ids.filter((x) => !touched.has(x))) expect(seen).toContain(id);
    // Lists carry no tombstones; the changes do.
    expect(items.some(isGone)).toBe(false);
  });

  it("keeps a mirror exact: a copy plus polls of updated_since equals the live published set", async () => {
    const db = h.t.db;
    const mirror = new Map<string, Listed>();
    const apply = (items: Listed[]) => {
      for (const i of items) {
        if (isGone(i)) mirror.delete(i.id);
        else mirror.set(i.id, i);
      }
    };
    const made: string[] = [];
    for (let i = 0; i < 12; i++) made.push(await place.create(db, locationInput(`Mirror ${i}`)));
    const copy = await walk("places", { limit: "5" }, async (n) => {
      // Writes during the copy itself: the polls must catch them.
      if (n === 0) await place.update(db, made[11] ?? "", { shortDescription: "Edited during the copy" });
      if (n === 1) await place.remove(db, made[10] ?? "");
    });
    apply(copy.items);
    let since = copy.sync;

    const script: (() => Promise<unknown>)[] = [
      () => place.create(db, locationInput("Mirror new")),
      () => place.update(db, made[0] ?? "", { shortDescription: "Edited" }),
      () => place.remove(db, made[1] ?? ""),
      () => place.update(db, made[2] ?? "", { status: "draft" }),
      () => mergeLocations(services(), staff(), made[3] ?? "", made[4] ?? ""),
      () => place.update(db, made[2] ?? "", { status: "published" }),
      () => place.update(db, made[5] ?? "", { status: "archived" }),
      () => createProgram(db, { name: "Mirror course", locationId: made[6] ?? "" }),
      () => place.create(db, locationInput("Mirror draft", { status: "draft" })),
    ];
    for (const [n, step] of script.entries()) {
      await step();
      if (n % 3 === 2) {
        await settle();
        const polled = await walk("places", { limit: "2", updated_since: since.toISOString() });
        apply(polled.items);
        since = polled.sync;
      }
    }
    await settle();
    apply((await walk("places", { limit: "3", updated_since: since.toISOString() })).items);

    const live = await walk("places", { limit: "1000" });
    expect([...mirror.keys()].sort()).toEqual(live.items.map((i) => i.id).sort());
    // And as they are now, not as they were copied.
    expect(mirror.get(made[0] ?? "")).toEqual(live.items.find((i) => i.id === made[0]));
  }, 30_000);

  // Two sessions write at once only on Postgres (the embedded database runs one statement at a time).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "never lets a poll pass a change whose transaction is still open: the slow writer's change comes next time",
    async () => {
      const db = h.t.db;
      const slowId = await place.create(db, locationInput("Slow Writer"));
      const quickId = await place.create(db, locationInput("Quick Writer"));
      await settle();
      const since = (await walk("places", { limit: "1000" })).sync;
      const slow = new pg.Client({ connectionString: h.t.url });
      await slow.connect();
      try {
        // Its change is stamped with its transaction's start, before the quick writer's, and committed after it.
        await slow.query("BEGIN");
        await slow.query("SELECT 1");
        await new Promise((r) => setTimeout(r, 50));
        await place.update(db, quickId, { shortDescription: "quick" });
        await slow.query("UPDATE locations SET short_description = 'slow' WHERE id = $1", [slowId]);
        await settle();
        const during = await walk("places", { updated_since: since.toISOString() });
        expect(during.items.map((i) => i.id)).not.toContain(quickId);
        await slow.query("COMMIT");
      } finally {
        await slow.end();
      }
      await settle();
      const after = await walk("places", { updated_since: since.toISOString() });
      expect(after.items.map((i) => i.id)).toEqual(expect.arrayContaining([slowId, quickId]));
    },
  );

  it("lists a merged place's tombstone with where it went, as a Feature without geometry", async () => {
    const db = h.t.db;
    const since = new Date(Date.now() - 60_000).toISOString();
    const a = await place.create(db, locationInput("Merge Target"));
    const b = await place.create(db, locationInput("Merge Source"));
    await mergeLocations(services(), staff(), a, b);
    await settle();
    const { items } = await walk("places", { updated_since: since });
    expect(items.find((i) => i.id === b)).toEqual({
      type: "Feature",
      id: b,
      geometry: null,
      properties: { deleted: true, updated_at: expect.any(String), merged_into: a },
    });
  });
});
