import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { Package } from "datapackage";
import { and, count, eq, sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import S3rver from "s3rver";
import { Table } from "tableschema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DUMP_FILES } from "~/server-lib/open-data-files.server";
import { generateDumpsIfDue, listDumpFiles } from "~/services/open-data/dumps.server";
import type { Services } from "~/services/services.server";
import { changeMakers, locations, programs, resources } from "~db/schema";
import { seedDemo } from "~db/seed/seed";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { s3rverDriver } from "~tests/helpers/storage-api";
import { createDumpStore, dumpWorkDir } from "./data-dumps";
import { dataFilesRouter } from "./data-files";

/**
 * The open-data dumps (issue 39, decision 071) on the demo data: generated once across two instances on one
 * database, only published entries, no e-mail address or phone number anywhere, a Data Package that Frictionless's
 * own libraries accept, and the files over real HTTP with ranges, validators, gzip, CORS and the licence link.
 */
const t = testDatabaseForFile();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "dumps-test-"));
const dataDir = path.join(work, "data");
const config = { dataDir, storage: { driver: "local" as const }, dumpIntervalMs: 86_400_000 };
const DAY = 86_400_000;

/** One instance's services on the shared database (two of them stand for two servers). */
function instance(): Services {
  return {
    db: t.db,
    bus: t.bus,
    logger: pino({ level: "silent" }),
    config: { siteUrl: "https://permaculture.example" },
  } as unknown as Services;
}

let server: http.Server;
let base = "";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
/** A request as a mirror sends it: raw bytes, no automatic decompression. */
function raw(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const DRAFT_PLACE = "Hidden Draft Garden";
const SECRET_EMAIL = "owner.secret@hidden.example";
const SECRET_PHONE = "+44 20 7946 0958";

beforeAll(async () => {
  await seedDemo(t.db, { mediaDir: path.join(dataDir, "media", "demo"), mediaUrlPrefix: "/media/demo" });
  // A published place whose texts carry contact details, and a draft that must never appear.
  await t.db.insert(locations).values([
    {
      name: "Texty Contact Farm",
      shortDescription: `Write to ${SECRET_EMAIL} or call ${SECRET_PHONE} (open 1990-2000, mailto:x@y.example)`,
      longDescription: "Tel. 0049 30 1234 5678, ask for the orchard.",
      website: "https://social.example/@texty",
      contactEmail: "farm@texty.example",
      contactPhone: "+1 (555) 010-9999",
      latitude: 51.123456789,
      longitude: -0.987654321,
      status: "published",
    },
    { name: DRAFT_PLACE, status: "draft", contactEmail: "draft@hidden.example", latitude: 1, longitude: 2 },
  ]);
  const app = express();
  app.use(dataFilesRouter(instance(), createDumpStore(config)));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(work, { recursive: true, force: true });
});

async function published(table: typeof locations | typeof programs | typeof changeMakers | typeof resources) {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.status, "published"));
  return row?.n ?? 0;
}

describe("open-data dumps", () => {
  it("answers 503 with Retry-After before the first set exists, never a 500", async () => {
    const res = await raw("/data/places.csv");
    expect(res.status).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(JSON.parse(res.body.toString()).detail).toMatch(/generated/);
    expect((await raw("/data/secrets.txt")).status).toBe(404);
  });

  it("is generated once across two instances on one database", async () => {
    const opts = { intervalMs: config.dumpIntervalMs, workDir: dumpWorkDir(config) };
    const results = await Promise.all([
      generateDumpsIfDue(instance(), createDumpStore(config), opts),
      generateDumpsIfDue(instance(), createDumpStore(config), opts),
    ]);
    expect(results.filter((r) => r.generated)).toHaveLength(1);
    // Not due again until DUMP_INTERVAL has passed, whichever instance asks.
    expect((await generateDumpsIfDue(instance(), createDumpStore(config), opts)).generated).toBe(false);
    const files = await listDumpFiles(t.db);
    expect(files.map((f) => f.name).sort()).toEqual(DUMP_FILES.map((f) => f.name).sort());
    // The working folder is left empty: every file went to the store.
    expect(fs.readdirSync(dumpWorkDir(config))).toEqual([]);
  });

  it("holds every published entry and nothing else, one row each", async () => {
    const pkg = JSON.parse((await raw("/data/datapackage.json")).body.toString()) as {
      resources: { name: string; path: string; rows: number }[];
    };
    const rowsOf = (p: string) => pkg.resources.find((r) => r.path === p)?.rows;
    const places = await published(locations);
    expect(places).toBeGreaterThan(5);
    expect(rowsOf("places.csv")).toBe(places);
    expect(rowsOf("places.geojson")).toBe(places);
    expect(rowsOf("places.ndjson")).toBe(places);
    expect(rowsOf("programs.csv")).toBe(await published(programs));
    expect(rowsOf("change-makers.csv")).toBe(await published(changeMakers));
    expect(rowsOf("resources.csv")).toBe(await published(resources));

    const geo = JSON.parse((await raw("/data/places.geojson")).body.toString()) as {
      type: string;
      license: string;
      features: { id: string; geometry: { coordinates: number[] } | null; properties: Record<string, unknown> }[];
    };
    expect(geo.type).toBe("FeatureCollection");
    expect(geo.license).toBe("https://creativecommons.org/licenses/by/4.0/");
    expect(geo.features).toHaveLength(places);
    expect(new Set(geo.features.map((f) => f.id)).size).toBe(places);
    const texty = geo.features.find((f) => f.properties.name === "Texty Contact Farm");
    expect(texty?.geometry?.coordinates).toEqual([-0.987654, 51.123457]);
    for (const f of geo.features) {
      expect(String(f.properties.url)).toMatch(/^https:\/\/permaculture\.example\/location\//);
      expect(Number.isNaN(Date.parse(String(f.properties.updated_at)))).toBe(false);
      for (const c of f.geometry?.coordinates ?? [])
        expect(String(c).split(".")[1]?.length ?? 0).toBeLessThanOrEqual(6);
    }
    const lines = (await raw("/data/places.ndjson")).body.toString().trimEnd().split("\n");
    expect(lines).toHaveLength(places);
    expect(JSON.parse(lines[0] as string).type).toBe("Feature");
    const csv = (await raw("/data/places.csv")).body.toString();
    expect(csv).not.toContain(DRAFT_PLACE);
    expect(geo.features.some((f) => f.properties.name === DRAFT_PLACE)).toBe(false);
  });

  it("carries no e-mail address and no phone number in any file, compressed or not", async () => {
    const contacts = await t.db
      .select({ email: locations.contactEmail, phone: locations.contactPhone })
      .from(locations)
      .where(and(sql`${locations.contactEmail} is not null`, sql`${locations.contactEmail} <> ''`));
    expect(contacts.length).toBeGreaterThan(3);
    const digitsOf = (s: string) => s.replace(/\D/g, "");
    const phones = [...contacts.map((c) => c.phone ?? ""), SECRET_PHONE, "0049 30 1234 5678"]
      .map(digitsOf)
      .filter((d) => d.length >= 7);
    for (const f of DUMP_FILES) {
      const plain = await raw(`/data/${f.name}`);
      const zipped = await raw(`/data/${f.name}`, { "Accept-Encoding": "gzip" });
      for (const body of [plain.body.toString(), gunzipSync(zipped.body).toString()]) {
        expect(body, f.name).not.toContain("@");
        expect(body, f.name).not.toMatch(/mailto:|tel:/i);
        const digits = digitsOf(body.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, " "));
        for (const phone of phones) expect(digits.includes(phone), `${f.name} has ${phone}`).toBe(false);
      }
    }
    const csv = (await raw("/data/places.csv")).body.toString();
    // Ordinary numbers in text stay; the contact details are replaced.
    expect(csv).toContain("open 1990-2000");
    expect(csv).toContain("[removed]");
  });

  it("is a Data Package that Frictionless's libraries validate, every row valid against its Table Schema", async () => {
    const dir = path.join(work, "mirror");
    fs.mkdirSync(dir, { recursive: true });
    const descriptor = JSON.parse((await raw("/data/datapackage.json")).body.toString()) as {
      licenses: { name: string; path: string }[];
      attribution: string;
      resources: { name: string; path: string; bytes: number; hash: string; rows: number; profile: string }[];
    };
    expect(descriptor.licenses[0]).toMatchObject({ name: "CC-BY-4.0" });
    expect(descriptor.attribution).toMatch(/contributors/);
    for (const r of descriptor.resources) {
      const body = (await raw(`/data/${r.path}`)).body;
      fs.writeFileSync(path.join(dir, r.path), body);
      // What a mirror checks: the size and the hash of what it downloaded.
      expect(body.length, r.path).toBe(r.bytes);
      expect(`sha256:${createHash("sha256").update(body).digest("hex")}`, r.path).toBe(r.hash);
    }
    const pkg = await Package.load(descriptor, { basePath: dir, strict: false });
    expect(pkg.errors).toEqual([]);
    expect(pkg.valid).toBe(true);
    for (const r of descriptor.resources.filter((x) => x.profile === "tabular-data-resource")) {
      const resource = pkg.getResource(r.name);
      // Reading casts every value by its field's type and constraints: one bad row would throw.
      const rows = await resource?.read({ keyed: true, relations: true }).catch((err: Error & { errors?: Error[] }) => {
        throw new Error(`${r.name}: ${(err.errors ?? [err]).map((e) => e.message).join("; ")}`);
      });
      expect(rows, r.name).toHaveLength(r.rows);
      const schema = (descriptor.resources.find((x) => x.name === r.name) as unknown as { schema: object }).schema;
      const table = await Table.load(path.join(dir, r.path), { schema });
      expect(await table.read({ keyed: true }), r.name).toHaveLength(r.rows);
    }
  });

  it("serves validators, byte ranges, gzip, CORS and the licence, and sets no cookie", async () => {
    const full = await raw("/data/places.csv");
    expect(full.status).toBe(200);
    expect(full.headers["access-control-allow-origin"]).toBe("*");
    expect(full.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
    expect(full.headers["set-cookie"]).toBeUndefined();
    expect(Number(full.headers["content-length"])).toBe(full.body.length);
    // A client that did not say it takes gzip (curl without --compressed) gets the file as it is.
    expect(full.headers["content-encoding"]).toBeUndefined();
    expect(full.headers["content-type"]).toContain("text/csv");
    const etag = String(full.headers.etag);
    const lastModified = String(full.headers["last-modified"]);

    expect((await raw("/data/places.csv", { "If-None-Match": etag })).status).toBe(304);
    expect((await raw("/data/places.csv", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await raw("/data/places.csv", { "If-None-Match": '"other"' })).status).toBe(200);

    const part = await raw("/data/places.csv", { Range: "bytes=10-109" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-109/${full.body.length}`);
    expect(part.body.equals(full.body.subarray(10, 110))).toBe(true);
    const tail = await raw("/data/places.csv", { Range: "bytes=-50" });
    expect(tail.body.equals(full.body.subarray(full.body.length - 50))).toBe(true);
    const beyond = await raw("/data/places.csv", { Range: `bytes=${full.body.length + 10}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${full.body.length}`);
    // A stale If-Range: the whole file, not a piece of another one.
    expect((await raw("/data/places.csv", { Range: "bytes=0-9", "If-Range": '"stale"' })).status).toBe(200);

    const zipped = await raw("/data/places.csv", { "Accept-Encoding": "gzip, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(zipped.headers.etag).not.toBe(etag);
    expect(gunzipSync(zipped.body).equals(full.body)).toBe(true);
    expect(
      (await raw("/data/places.csv", { "Accept-Encoding": "gzip", "If-None-Match": String(zipped.headers.etag) }))
        .status,
    ).toBe(304);

    const head = await raw("/data/places.csv", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(full.body.length);
    expect(head.body.length).toBe(0);
    const preflight = await raw(
      "/data/places.csv",
      { Origin: "https://other.example", "Access-Control-Request-Method": "GET" },
      "OPTIONS",
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
  });

  it("swaps a new set in whole when due, and deletes the replaced files after their grace period", async () => {
    const before = await listDumpFiles(t.db);
    const store = createDumpStore(config);
    const later = new Date(Date.now() + 2 * DAY);
    // A new place appears in the next set, not in the current one.
    await t.db
      .insert(locations)
      .values({ name: "Newly Published Orchard", status: "published", latitude: 3, longitude: 4 });
    expect((await raw("/data/places.csv")).body.toString()).not.toContain("Newly Published Orchard");
    // A day later (the last set's time moved back, as the lease compares it with the database's clock): due again.
    await t.db.execute(sql`update data_dump_state set generated_at = generated_at - interval '25 hours'`);
    expect(
      (await generateDumpsIfDue(instance(), store, { intervalMs: DAY, workDir: dumpWorkDir(config) })).generated,
    ).toBe(true);
    expect((await raw("/data/places.csv")).body.toString()).toContain("Newly Published Orchard");
    const after = await listDumpFiles(t.db);
    expect(after.map((f) => f.blobKey)).not.toEqual(expect.arrayContaining(before.map((f) => f.blobKey)));
    const oldKey = before[0]?.blobKey as string;
    // Still readable for a download that began before the swap…
    await expect(store.get(oldKey)).resolves.toBeDefined();
    // …and gone once the grace period is over.
    await generateDumpsIfDue(instance(), store, { intervalMs: DAY, workDir: dumpWorkDir(config), now: () => later });
    await expect(store.get(oldKey)).rejects.toThrow();
  });
});

describe("the dumps' store on S3", () => {
  it("keeps the files under open-data/ in the site's bucket, reads byte ranges and deletes", async () => {
    const s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(work, "s3rver"), silent: true });
    const { port } = await s3.run();
    try {
      // The media storage makes the bucket at start; the dumps share it.
      const media = await s3rverDriver(port, "site-media");
      const store = createDumpStore({
        dataDir,
        storage: {
          driver: "s3",
          endpoint: `http://127.0.0.1:${port}`,
          bucket: "site-media",
          region: "us-east-1",
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        },
      });
      const file = path.join(work, "s3-sample.csv");
      fs.writeFileSync(file, "id,name\n1,Orchard\n");
      const key = await store.put(file, fs.statSync(file).size, "text/csv");
      const read = async (range?: { start: number; end: number }) =>
        Buffer.concat(await (await store.get(key, range)).toArray()).toString();
      expect(await read()).toBe("id,name\n1,Orchard\n");
      expect(await read({ start: 8, end: 16 })).toBe("1,Orchard");
      // Beside the media library's objects, not among them.
      expect(await media.list()).toEqual([]);
      await store.delete(key);
      await expect(store.get(key)).rejects.toThrow();
    } finally {
      await s3.close();
    }
  });
});
