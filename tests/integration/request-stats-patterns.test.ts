import { beforeAll, describe, expect, it } from "vitest";
import { dataDirFolder } from "~tests/helpers/data-dir";
import { type RunningServer, signIn } from "../helpers/server-process";

// Admin → Request statistics filed most of a visitor's requests under "GET /*" (issue 37: 2,613 of 3,072): the
// files of /assets/ and /media/ were named by the address Express leaves inside a mounted router ("/app-abc.js"),
// which only the catch-all route matched, and the home page's data, the route discovery and the root files had no
// row of their own. Here a visitor's requests go to the built server, which is then restarted (stopping writes the
// figures) and the statistics are read as staff read them.

const SITE = "https://permaculture.example";
const OWNER = { email: "owner@example.org", password: "a-long-enough-password" };

const folder = dataDirFolder("request-stats-");
let server: RunningServer;
const rows: string[] = [];
const counts = new Map<string, number>();

const env = {
  SITE_URL: SITE,
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
};

beforeAll(async () => {
  server = await folder.start(env);
  const get = (p: string) => fetch(server.url + p).then(async (r) => ({ status: r.status, body: await r.text() }));
  const home = await get("/");
  // A visitor's browser asks for the page, its scripts and styles, its pictures, and the other files it names.
  const assets = [...home.body.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  expect(assets.length).toBeGreaterThan(0);
  const places = await get("/locations");
  const place = places.body.match(/href="(\/location\/[^"]+)"/)?.[1];
  const picture = places.body.match(/(\/media\/demo\/[^"\s,]+)/)?.[1];
  expect(place && picture).toBeTruthy();
  for (const p of [
    ...new Set(assets),
    picture as string,
    place as string,
    `/es${place}`,
    `/de${place}.data`,
    "/_root.data",
    "/es/about",
    "/favicon.svg",
    "/sw.js",
    "/offline-es.html",
    "/__manifest?paths=%2Flocations&version=x",
    "/locations.geojson",
    "/no/such/page",
  ]) {
    await get(p);
  }
  await server.stop();
  server = await folder.start(env);
  const cookie = await signIn(server.url, SITE, OWNER);
  const page = await fetch(`${server.url}/admin/dashboard/request-stats?window=hour`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  // Each row of the routes table names a method and a pattern in its header cell, then the number of requests.
  const html = (await page.text()).replace(/<!-- -->/g, "");
  for (const m of html.matchAll(/<th scope="row"[^>]*>([A-Z]+ \/[^<]*)<\/th><td[^>]*>([^<]*)<\/td>/g)) {
    rows.push((m[1] as string).replace(/&amp;/g, "&").trim());
    counts.set(rows.at(-1) as string, Number((m[2] as string).replace(/\D/g, "")));
  }
});

describe("request statistics by route pattern", () => {
  it("count each page by its route in its language, files by folder, and only unknown addresses as /*", () => {
    expect(rows).toEqual(
      expect.arrayContaining([
        "GET /",
        "GET /locations",
        "GET /location/:slug",
        "GET /es/location/:slug",
        "GET /de/location/:slug (data)",
        "GET / (data)",
        "GET /es/about",
        "GET /assets/*",
        "GET /media/*",
        "GET /favicon.svg",
        "GET /sw.js",
        "GET /offline-es.html",
        "GET /__manifest",
        "GET /locations.geojson",
        "GET /*",
      ]),
    );
    // The one request to an address the site does not know is all the catch-all holds.
    expect(counts.get("GET /*")).toBe(1);
  });
});
