import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageMetadata } from "~/lib/storage/paths";
import type { Services } from "~/services/services.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { staffAccount } from "~tests/helpers/staff-accounts";
import { serveStorageApi } from "~tests/helpers/storage-api";
import { createLocalDriver } from "./drivers";
import { createStorageService, type StorageService } from "./service";

// Upload bodies as a browser or a careless client may send them: the multipart/form-data framing is checked and
// every malformed body is refused with a 400 that says what is wrong, leaving nothing stored.

const KB = 1024;
const MB = 1024 * KB;
const PDF = "%PDF-1.4\nmultipart test\n";

let adminId: string;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "storage-multipart-"));

type Harness = { base: string; storage: StorageService; tempDir: string; objects: string; close(): Promise<void> };

async function startHarness(name: string, maxUploadBytes: number): Promise<Harness> {
  const dir = path.join(scratch, name);
  const tempDir = path.join(dir, "tmp");
  const objects = path.join(dir, "objects");
  const storage = createStorageService({
    db: t.db,
    driver: createLocalDriver(objects),
    bucket: name,
    tempDir,
    limits: { maxUploadBytes, quotaBytes: 1024 * MB, maxImagePixels: 40_000_000 },
  });
  const auth = {
    api: {
      getSession: async () => ({ user: { id: adminId, email: "a@example.org", name: "A" }, session: { id: "s" } }),
    },
  } as unknown as Services["auth"];
  const api = await serveStorageApi({ handle: t, storage, auth, siteUrl: "https://example.org" });
  return { ...api, storage, tempDir, objects };
}

let small: Harness;
let large: Harness;

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  adminId = await staffAccount(t.db, "multipart-admin@example.org", "Multipart Admin");
  small = await startHarness("small", 4 * KB);
  large = await startHarness("large", 25 * MB);
});

afterAll(async () => {
  await small?.close();
  await large?.close();
  await fsp.rm(scratch, { recursive: true, force: true });
});

const BOUNDARY = "----permaculture-test-boundary";

/** One part of a hand-built multipart body. */
function part(name: string, content: string | Buffer, filename?: string): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}`;
  const type = filename === undefined ? "" : "Content-Type: application/octet-stream\r\n";
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
    Buffer.from(content),
    Buffer.from("\r\n"),
  ]);
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

function post(
  h: Harness,
  name: string,
  body: Buffer | string,
  contentType = `multipart/form-data; boundary=${BOUNDARY}`,
) {
  return fetch(`${h.base}/api/storage/o?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
}

async function expectRefusal(res: Response, status: number, code: string, message: string) {
  const body = (await res.json()) as { error: { code: string; message: string; status: number } };
  expect({ httpStatus: res.status, ...body.error }).toEqual({ httpStatus: status, code, message, status });
}

/** Nothing stored: no row, no bytes, no temp file left behind. */
async function expectNothingStored(h: Harness) {
  expect((await h.storage.list({ prefix: "" })).items).toEqual([]);
  const shards = await fsp.readdir(h.objects).catch(() => []);
  expect(shards).toEqual([]);
  expect(await fsp.readdir(h.tempDir).catch(() => [])).toEqual([]);
}

/** The body is refused as invalid (400) with `message`, and nothing is stored. */
async function expectInvalid(body: Buffer, message: string, contentType?: string) {
  await expectRefusal(await post(small, "m/a.pdf", body, contentType), 400, "storage/invalid-argument", message);
  await expectNothingStored(small);
}

describe("multipart uploads", () => {
  it.each([
    [
      "a multipart body without a boundary",
      Buffer.concat([part("file", PDF, "a.pdf"), closing]),
      "The multipart body has no boundary.",
      "multipart/form-data",
    ],
    [
      "a body with fields but no file part",
      Buffer.concat([part("cacheControl", "no-cache"), part("contentLanguage", "en"), closing]),
      "The upload has no file part.",
    ],
    [
      "two file parts in one upload",
      Buffer.concat([part("file", PDF, "a.pdf"), part("file", PDF, "b.pdf"), closing]),
      "Send one file per upload.",
    ],
    ["an empty file part as an empty file", Buffer.concat([part("file", "", ""), closing]), "The file is empty."],
  ])("refuses %s", async (_what, body, message, contentType?: string) => {
    await expectInvalid(body, message, contentType);
  });

  it("refuses a body cut off before its end, and one that never opens a part", async () => {
    const whole = Buffer.concat([part("cacheControl", "no-cache"), part("file", PDF, "a.pdf"), closing]);
    for (const body of [
      // Cut inside the file's content: the closing boundary never comes.
      whole.subarray(0, whole.length - closing.length - 6),
      // Cut inside a part's headers.
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"`),
      // Not multipart at all.
      Buffer.from("just some text"),
    ]) {
      await expectInvalid(body, "The multipart body is malformed.");
    }
  });

  it("refuses a file part over the upload limit, whether the body is within the multipart allowance or not", async () => {
    for (const extra of [5 * KB, 300 * KB]) {
      const body = Buffer.concat([part("file", `${PDF}${"x".repeat(extra)}`, "a.pdf"), closing]);
      await expectRefusal(
        await post(small, "m/a.pdf", body),
        413,
        "storage/payload-too-large",
        "The file is larger than the 4 KB upload limit; nothing was stored.",
      );
    }
    await expectNothingStored(small);
  });

  it("refuses metadata fields that are not valid, and ignores fields it does not know", async () => {
    const bad = Buffer.concat([part("customMetadata", "{not json"), part("file", PDF, "a.pdf"), closing]);
    await expectInvalid(bad, "customMetadata must be a JSON object of strings.");
    const extra = Buffer.concat([
      part("file", PDF, "a.pdf"),
      part("somethingElse", "ignored"),
      part("cacheControl", "public, max-age=60"),
      closing,
    ]);
    const res = await post(small, "m/a.pdf", extra);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as StorageMetadata;
    expect({ type: meta.contentType, size: meta.size, cache: meta.cacheControl }).toEqual({
      type: "application/pdf",
      size: PDF.length,
      cache: "public, max-age=60",
    });
    await small.storage.delete("m/a.pdf");
  });

  it("takes a file sent as a text field in a declared encoding, however long the field", async () => {
    // A 1.5 MB file, base64 in a form field (2 MB of text).
    const bytes = Buffer.concat([Buffer.from(PDF), Buffer.alloc(1.5 * MB, "permaculture ")]);
    const body = Buffer.concat([part("uploadType", "base64"), part("file", bytes.toString("base64")), closing]);
    const res = await post(large, "m/text.pdf", body);
    expect(res.status).toBe(200);
    const meta = (await res.json()) as StorageMetadata;
    expect({ type: meta.contentType, size: meta.size }).toEqual({ type: "application/pdf", size: bytes.length });
    expect(await fsp.readdir(large.tempDir)).toEqual([]);
  });
});
