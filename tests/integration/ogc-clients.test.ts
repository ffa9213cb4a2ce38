/**
 * GIS clients on the built server's OGC API – Features (decision 073): GDAL/OGR's OAPIF driver (`gdal-bin`) lists the
 * collections, reads every feature and copies them into a GeoPackage; OWSLib (Debian's `python3-owslib`, run with
 * the system's /usr/bin/python3) reads the collections and every page. Pages are kept small so the clients follow
 * `next` links. Both tools are prerequisites (README): a missing one fails here, it is never skipped.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";

const server = serverForFile("ogc-clients-");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ogc-clients-out-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const PYTHON = "/usr/bin/python3";
/** Features per page the clients ask for: far fewer than the demo's, so every walk takes several pages. */
const PAGE = 7;

/** A program's output, or a failure that says what to install when it is missing. */
function run(program: string, args: string[], install: string): string {
  const out = spawnSync(program, args, { encoding: "utf8", timeout: 120_000 });
  if (out.error && (out.error as NodeJS.ErrnoException).code === "ENOENT")
    throw new Error(`${program} is missing: install the Debian package ${install} (README, test prerequisites).`);
  if (out.status !== 0) throw new Error(`${program} ${args.join(" ")} failed (${out.status}): ${out.stderr}`);
  return out.stdout;
}
const gdal = (program: string, args: string[]) => run(program, args, "gdal-bin");

/** What the site says each collection holds (its numberMatched), and every id by walking its pages. */
const site: Record<string, { matched: number; ids: string[] }> = {};

beforeAll(async () => {
  for (const id of ["places", "programs"]) {
    const ids: string[] = [];
    let next: string | undefined = `${server.url}/ogc/collections/${id}/items?limit=50`;
    let matched = -1;
    while (next) {
      const page = (await (await fetch(next)).json()) as {
        features: { id: string }[];
        numberMatched: number;
        links: { rel: string; href: string }[];
      };
      ids.push(...page.features.map((f) => f.id));
      matched = page.numberMatched;
      const href = page.links.find((l) => l.rel === "next")?.href;
      next = href ? `${server.url}${new URL(href).pathname}${new URL(href).search}` : undefined;
    }
    site[id] = { matched, ids };
  }
  expect(site.places?.matched).toBe(site.places?.ids.length);
  expect(site.places?.matched).toBeGreaterThan(PAGE * 3);
  expect(site.programs?.matched).toBeGreaterThan(PAGE);
}, 120_000);

describe("GDAL/OGR's OGC API – Features driver", () => {
  it("lists both collections as point layers", () => {
    const out = gdal("ogrinfo", ["-ro", `OAPIF:${server.url}/ogc`]);
    expect(out).toMatch(/1: places \(title: Places\) \(Point\)/);
    expect(out).toMatch(/2: programs \(title: Programs\) \(Point\)/);
  });

  it("reads every feature page by page, as many as the site has", () => {
    for (const layer of ["places", "programs"]) {
      const summary = gdal("ogrinfo", [
        "-ro",
        "-al",
        "-so",
        "-oo",
        `PAGE_SIZE=${PAGE}`,
        `OAPIF:${server.url}/ogc`,
        layer,
      ]);
      expect(summary).toContain(`Feature Count: ${site[layer]?.matched}`);
      const all = gdal("ogrinfo", ["-ro", "-al", "-oo", `PAGE_SIZE=${PAGE}`, `OAPIF:${server.url}/ogc`, layer]);
      const ids = [...all.matchAll(/^ {2}id \(String\) = (\S+)$/gm)].map((m) => m[1]);
      expect(ids.sort()).toEqual([...(site[layer]?.ids ?? [])].sort());
    }
  });

  it("copies the places into a GeoPackage with the site's count, names and positions", () => {
    const gpkg = path.join(work, "out.gpkg");
    gdal("ogr2ogr", ["-f", "GPKG", gpkg, "-oo", `PAGE_SIZE=${PAGE}`, `OAPIF:${server.url}/ogc`, "places", "programs"]);
    expect(gdal("ogrinfo", ["-ro", "-so", gpkg, "places"])).toContain(`Feature Count: ${site.places?.matched}`);
    expect(gdal("ogrinfo", ["-ro", "-so", gpkg, "programs"])).toContain(`Feature Count: ${site.programs?.matched}`);
    const one = gdal("ogrinfo", ["-ro", "-q", "-fid", "1", gpkg, "places"]);
    expect(one).toMatch(/ name \(String\) = \S/);
    expect(one).toMatch(/POINT \(-?\d+(\.\d+)? -?\d+(\.\d+)?\)/);
  });
});

/** OWSLib's reading of the API: conformance, collections, and every page of each collection by its next links. */
const OWSLIB_SCRIPT = `
import json, sys
from urllib.parse import urlparse, parse_qs
import owslib
from owslib.ogcapi.features import Features
api = Features(sys.argv[1])
out = {"version": owslib.__version__, "conformsTo": api.conformance()["conformsTo"],
       "collections": api.feature_collections(), "openapi": api.api()["openapi"], "walks": {}}
for cid in out["collections"]:
    extent = api.collection(cid)["extent"]
    ids, pages, cursor, matched = [], 0, None, None
    while True:
        params = {"limit": int(sys.argv[2])}
        if cursor:
            params["cursor"] = cursor
        page = api.collection_items(cid, **params)
        pages += 1
        matched = page["numberMatched"]
        ids += [f["id"] for f in page["features"]]
        nxt = [l["href"] for l in page["links"] if l["rel"] == "next"]
        if not nxt:
            break
        cursor = parse_qs(urlparse(nxt[0]).query)["cursor"][0]
    out["walks"][cid] = {"ids": ids, "pages": pages, "matched": matched, "extent": extent}
print(json.dumps(out))
`;

describe("OWSLib (python3-owslib)", () => {
  it("reads the conformance, the collections and every feature page by page", () => {
    let imported = true;
    try {
      execFileSync(PYTHON, ["-c", "import owslib"], { stdio: "ignore" });
    } catch {
      imported = false;
    }
    if (!imported)
      throw new Error(`${PYTHON} cannot import owslib: install the Debian package python3-owslib (README).`);
    // OWSLib resolves the API's paths against its address: the landing page's, with its trailing slash.
    const raw = run(PYTHON, ["-c", OWSLIB_SCRIPT, `${server.url}/ogc/`, String(PAGE)], "python3-owslib");
    const out = JSON.parse(raw) as {
      version: string;
      conformsTo: string[];
      collections: string[];
      openapi: string;
      walks: Record<string, { ids: string[]; pages: number; matched: number; extent: { spatial: unknown } }>;
    };
    expect(out.conformsTo).toContain("http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core");
    expect(out.collections).toEqual(["places", "programs"]);
    expect(out.openapi).toMatch(/^3\.0\./);
    for (const id of out.collections) {
      const walk = out.walks[id];
      expect(walk?.matched).toBe(site[id]?.matched);
      expect(walk?.pages).toBe(Math.ceil((site[id]?.matched ?? 0) / PAGE));
      expect(new Set(walk?.ids).size).toBe(walk?.ids.length);
      expect([...(walk?.ids ?? [])].sort()).toEqual([...(site[id]?.ids ?? [])].sort());
      expect(walk?.extent.spatial).toBeDefined();
    }
  });
});
