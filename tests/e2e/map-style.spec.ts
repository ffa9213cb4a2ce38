import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { expect, test } from "./fixtures";

// MAP_STYLE_URL and MAP_PMTILES_PATH, on a server of their own (the shared test server runs with the built-in map):
// the interactive map loads the operator's style, shows its attribution, and reads a self-hosted Protomaps archive
// from the site through the pmtiles protocol, by byte ranges.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const BASE = `http://localhost:${PORT}`;
const STYLE_URL = "https://tiles.test/streets/style.json";

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

/** A solid-colour PNG of `size` pixels square. */
function png(size: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PMTiles (version 3) archive of one raster tile, z0/0/0, uncompressed: header, root directory, metadata, tile. */
function onePngArchive(tile: Buffer): Buffer {
  // One entry: tile id 0, run length 1, its length, its offset (written as offset + 1).
  const dir = Buffer.from([...varint(1), ...varint(0), ...varint(1), ...varint(tile.length), ...varint(0 + 1)]);
  const metadata = Buffer.from("{}");
  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  const rootOffset = 127;
  const metadataOffset = rootOffset + dir.length;
  const tileOffset = metadataOffset + metadata.length;
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  u64(8, rootOffset);
  u64(16, dir.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset);
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(72, 1);
  u64(80, 1);
  u64(88, 1);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // directories not compressed
  header.writeUInt8(1, 98); // tiles not compressed
  header.writeUInt8(2, 99); // PNG
  header.writeUInt8(0, 100);
  header.writeUInt8(0, 101);
  header.writeInt32LE(-1800000000, 102);
  header.writeInt32LE(-850000000, 106);
  header.writeInt32LE(1800000000, 110);
  header.writeInt32LE(850000000, 114);
  return Buffer.concat([header, dir, metadata, tile]);
}

const STYLE = {
  version: 8,
  sources: {
    streets: {
      type: "raster",
      url: "pmtiles:///api/map/tiles.pmtiles",
      tileSize: 256,
      attribution: "Test Streets © Example Mappers",
    },
  },
  layers: [{ id: "streets", type: "raster", source: "streets" }],
};

let server: ChildProcess | null = null;
let dir = "";
let archive: Buffer = Buffer.alloc(0);
const TILE = png(256, [200, 40, 160]);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "map-style-"));
  archive = onePngArchive(TILE);
  fs.writeFileSync(path.join(dir, "streets.pmtiles"), archive);
  server = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server-entry.js`], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: path.join(dir, "data"),
      SITE_URL: BASE,
      LOG_LEVEL: "warn",
      MAP_STYLE_URL: STYLE_URL,
      MAP_PMTILES_PATH: path.join(dir, "streets.pmtiles"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${BASE}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server with MAP_STYLE_URL did not start");
});

test.afterAll(() => {
  server?.kill("SIGTERM");
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test.describe("an operator's map style", () => {
  test.use({ baseURL: BASE, serviceWorkers: "block" });

  test("the map draws MAP_STYLE_URL's style, reads the site's own archive by ranges and credits its sources", async ({
    page,
  }) => {
    const styleRequests: string[] = [];
    await page.route(STYLE_URL, (route) => {
      styleRequests.push(route.request().url());
      return route.fulfill({ contentType: "application/json", body: JSON.stringify(STYLE) });
    });
    const ranges: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/map/tiles.pmtiles")) ranges.push(r.headers().range ?? "");
    });
    await page.goto("/map");
    // The first paint is still the server-drawn map with the embedded basemap.
    await expect(page.locator("svg[data-map-svg] image[data-map-outline]")).toHaveCount(1);
    await expect(page.locator("[data-map-box]")).toHaveAttribute("data-map-ready", "true", { timeout: 30_000 });
    expect(styleRequests).toEqual([STYLE_URL]);
    await expect(page.locator(".maplibregl-ctrl-attrib-inner")).toContainText("Test Streets © Example Mappers");
    await expect(page.locator(".maplibregl-ctrl-attrib-inner")).toContainText("GeoNames");
    // The archive is read in byte ranges, never whole: its header and directory, then the tile (at its offset).
    const tileOffset = archive.length - TILE.length;
    await expect.poll(() => ranges.some((r) => r.startsWith(`bytes=${tileOffset}-`))).toBe(true);
    expect(ranges.every((r) => /^bytes=\d+-\d+$/.test(r))).toBe(true);
    await page.screenshot({ path: test.info().outputPath("map-with-operator-style.png") });
  });

  test("the archive is served with HTTP Range requests, never whole", async ({ request }) => {
    // Without a range, the answer is the archive's size (as PMTiles readers expect), not the file: a planet archive
    // is over 100 GB.
    const whole = await request.get("/api/map/tiles.pmtiles");
    expect(whole.status()).toBe(416);
    expect(whole.headers()["accept-ranges"]).toBe("bytes");
    expect(whole.headers()["content-range"]).toBe(`bytes */${archive.length}`);
    const size = await request.head("/api/map/tiles.pmtiles");
    expect(size.status()).toBe(200);
    expect(size.headers()["content-length"]).toBe(String(archive.length));

    const head = await request.get("/api/map/tiles.pmtiles", { headers: { Range: "bytes=0-126" } });
    expect(head.status()).toBe(206);
    expect(head.headers()["content-range"]).toBe(`bytes 0-126/${archive.length}`);
    expect(Buffer.from(await head.body()).equals(archive.subarray(0, 127))).toBe(true);

    const tail = await request.get("/api/map/tiles.pmtiles", { headers: { Range: "bytes=-10" } });
    expect(tail.status()).toBe(206);
    expect(Buffer.from(await tail.body()).equals(archive.subarray(archive.length - 10))).toBe(true);

    const outside = await request.get("/api/map/tiles.pmtiles", {
      headers: { Range: `bytes=${archive.length + 10}-${archive.length + 20}` },
    });
    expect(outside.status()).toBe(416);
  });

  test("the site's own style for the archive names it and its sources", async ({ request }) => {
    const res = await request.get("/api/map/style.json");
    expect(res.status()).toBe(200);
    const style = (await res.json()) as { sources: Record<string, { url: string; attribution: string }> };
    expect(style.sources.protomaps?.url).toBe("pmtiles:///api/map/tiles.pmtiles");
    expect(style.sources.protomaps?.attribution).toContain("OpenStreetMap");
  });
});
