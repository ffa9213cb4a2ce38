import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { notifyContentChanged } from "../entries/content-events.server";
import { getLocationCountries, getLocationTotal } from "./location-countries.server";

const t = testDatabaseForFile();

beforeAll(async () => {
  await t.db.execute(sql`INSERT INTO locations (name, country) VALUES ('Kenya Farm', 'Kenya'), ('Peru Farm', 'Peru')`);
});

it("reads the country list once and again only after locations change", async () => {
  expect(await getLocationCountries(t)).toEqual(["Kenya", "Peru"]);
  // Kept: a write nobody announced is not seen on the next request...
  await t.db.execute(sql`INSERT INTO locations (name, country) VALUES ('Chile Farm', 'Chile')`);
  expect(await getLocationCountries(t)).toEqual(["Kenya", "Peru"]);
  // ...until locations are announced as changed (by the editing instance, or by the content-version check).
  await notifyContentChanged(t, "locations");
  await expect.poll(() => getLocationCountries(t)).toEqual(["Chile", "Kenya", "Peru"]);
  // Other kinds of content leave it alone.
  await t.db.execute(sql`INSERT INTO locations (name, country) VALUES ('Togo Farm', 'Togo')`);
  await notifyContentChanged(t, "programs");
  expect(await getLocationCountries(t)).toEqual(["Chile", "Kenya", "Peru"]);
});

it("keeps each list filter's total until locations change, and counts searches every time", async () => {
  const services = t;
  const all = await getLocationTotal(services, {});
  const peru = await getLocationTotal(services, { country: "Peru" });
  expect(peru).toBe(1);
  // A write nobody announced: the kept totals stay (the content-version check announces it within seconds)...
  await t.db.execute(sql`INSERT INTO locations (name, country) VALUES ('Second Peru Farm', 'Peru')`);
  expect(await getLocationTotal(services, {})).toBe(all);
  expect(await getLocationTotal(services, { country: "Peru" })).toBe(1);
  // ...until it is announced: every kept total is read again.
  await notifyContentChanged(t, "locations");
  await expect.poll(() => getLocationTotal(services, { country: "Peru" })).toBe(2);
  expect(await getLocationTotal(services, {})).toBe((all ?? 0) + 1);
  // The open-data feed's total (places with a position) is kept the same way.
  expect(await getLocationTotal(services, { onMap: true })).toBe(0);
  await t.db.execute(
    sql`INSERT INTO locations (name, country, latitude, longitude) VALUES ('Placed Farm', 'Peru', 1, 2)`,
  );
  await notifyContentChanged(t, "locations");
  await expect.poll(() => getLocationTotal(services, { onMap: true })).toBe(1);
  // Words and distances are counted with each request, not kept.
  expect(getLocationTotal(services, { q: "farm" })).toBeUndefined();
  expect(getLocationTotal(services, { near: { lat: 0, lng: 0 }, withinKm: 50 })).toBeUndefined();
});
