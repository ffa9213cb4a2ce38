import fsp from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { firstDownloadUrl, type StorageMetadata } from "~/lib/storage/paths";
import type { Services } from "~/services/services.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { serveStorageApi } from "~tests/helpers/storage-api";
import { type BlobDriver, createLocalDriver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

const MB = 1024 * 1024;

type LogLine = { level: number; msg: string; err?: { code?: string; stack?: string }; code?: string; path?: string };

let scratch: string;
let storage: StorageService;
let base: string;
let close: () => Promise<void>;
const logged: LogLine[] = [];
/** Stored keys whose reads fail part-way, as a disk or an S3 connection failing in the middle of a file would. */
const failing = new Set<string>();

/** The real local driver; reads of the keys in `failing` break after their first chunk. */
function driverWithFaults(inner: BlobDriver): BlobDriver {
  return {
    ...inner,
    async get(key, range) {
      const stream = await inner.get(key, range);
      if (!failing.has(key)) return stream;
      return Readable.from(
        (async function* () {
          for await (const chunk of stream) {
            yield chunk as Buffer;
            stream.destroy();
            throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
          }
        })(),
        { objectMode: false },
      );
    },
  };
}

async function storeBig(name: string): Promise<StorageMetadata> {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.upload`);
  // A 20 MB PDF: far more than the socket buffers on both sides hold, so the download is still going when cut.
  await fsp.writeFile(file, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(20 * MB, 0x20)]));
  return storage.createFromFile(name, file);
}

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  scratch = await fsp.mkdtemp(path.join(os.tmpdir(), "download-abort-"));
  storage = createStorageService({
    db: t.db,
    driver: driverWithFaults(createLocalDriver(path.join(scratch, "objects"))),
    bucket: "local",
    tempDir: path.join(scratch, "tmp"),
    limits: { maxUploadBytes: 25 * MB, quotaBytes: 1024 * MB, maxImagePixels: 40_000_000 },
  });
  const logger = pino({ level: "debug" }, { write: (line: string) => logged.push(JSON.parse(line) as LogLine) });
  ({ base, close } = await serveStorageApi({
    handle: t,
    storage,
    auth: { api: { getSession: async () => null } } as unknown as Services["auth"],
    siteUrl: "http://127.0.0.1",
    logger,
  }));
});

afterAll(async () => {
  await close?.();
  await fsp.rm(scratch, { recursive: true, force: true });
});

const ERROR = 50;
const DEBUG = 20;

describe("downloads the visitor stops", () => {
  it("are logged at debug level without a stack, not as errors", async () => {
    const meta = await storeBig("films/long.pdf");
    logged.length = 0;
    // A visitor who closes the page once the first bytes have arrived.
    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}${firstDownloadUrl(meta)}`, (res) => {
        expect(res.statusCode).toBe(200);
        res.once("data", (chunk: Buffer) => {
          req.destroy();
          resolve(chunk.length);
        });
      });
      req.once("error", (err) => {
        if (!req.destroyed) reject(err);
      });
    });
    expect(received).toBeLessThan(meta.size);
    await vi.waitFor(() => expect(logged.map((l) => l.msg)).toContain("download stopped: the client went away"), {
      timeout: 20_000,
    });
    const line = logged.find((l) => l.msg === "download stopped: the client went away");
    expect(line).toMatchObject({ level: DEBUG, path: "/download/films/long.pdf" });
    expect(line?.err).toBeUndefined();
    expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    expect(logged.filter((l) => l.level >= ERROR)).toEqual([]);
  });

  it("still logs a failed read of the stored bytes as an error", async () => {
    // The bytes are gone from the disk: nothing can be sent, the visitor gets a 500.
    const gone = await storeBig("films/gone.pdf");
    const row = await storage.authorizeDownload(gone.fullPath, gone.downloadTokens);
    await fsp.rm(path.join(scratch, "objects", ...row.storageKey.split("/")));
    logged.length = 0;
    const res = await fetch(`${base}${firstDownloadUrl(gone)}`);
    expect(res.status).toBe(500);
    expect(logged.filter((l) => l.level >= ERROR).map((l) => l.msg)).toEqual(["storage request failed"]);

    // The read fails part-way, with a connection-reset code as an S3 read can: still the storage's fault.
    const broken = await storeBig("films/broken.pdf");
    failing.add((await storage.authorizeDownload(broken.fullPath, broken.downloadTokens)).storageKey);
    logged.length = 0;
    const cut = await fetch(`${base}${firstDownloadUrl(broken)}`);
    expect(cut.status).toBe(200);
    await expect(cut.arrayBuffer()).rejects.toThrow();
    await vi.waitFor(() => expect(logged.filter((l) => l.level >= ERROR).length).toBe(1), { timeout: 20_000 });
    expect(logged.filter((l) => l.level >= ERROR)[0]).toMatchObject({
      msg: "storage request failed",
      err: { code: "ECONNRESET" },
    });
    expect(logged.map((l) => l.msg)).not.toContain("download stopped: the client went away");
  });
});
