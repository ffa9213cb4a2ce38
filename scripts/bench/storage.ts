// Storage figures: upload throughput through the HTTP API (local disk and S3 via s3rver) and WebP conversion time
// for a 12-megapixel photo. Prints figures only.
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/storage/paths";
import { createUserWithPassword } from "~/queries/users.server";
import type { Services } from "~/services/services.server";
import { type BlobDriver, createLocalDriver } from "~server/storage/drivers";
import { createStorageService } from "~server/storage/service";
import { s3rverDriver, serveStorageApi } from "~tests/helpers/storage-api";
import { createTestDatabase } from "~tests/helpers/test-db";

const MB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-bench-"));
const db = await createTestDatabase({ reference: false });
const adminId = await createUserWithPassword(db.db, {
  email: "bench@example.org",
  name: "Bench",
  password: "a-long-bench-password",
  role: "ADMIN",
});
const auth = {
  api: {
    getSession: async () => ({
      user: { id: adminId, email: "bench@example.org", name: "Bench" },
      session: { id: "s" },
    }),
  },
} as unknown as Services["auth"];

const s3 = new S3rver({ port: 0, address: "127.0.0.1", directory: path.join(dir, "s3rver"), silent: true });
const s3Port = (await s3.run()).port;

// 20 MB that the server accepts as a PDF (the type is sniffed from the first bytes).
const payload = path.join(dir, "twenty.pdf");
{
  const chunk = Buffer.alloc(MB, "permaculture ");
  const fh = await fsp.open(payload, "w");
  await fh.write(Buffer.from("%PDF-1.7\n"));
  for (let i = 0; i < 20; i++) await fh.write(chunk);
  await fh.close();
}
const size = (await fsp.stat(payload)).size;

function report(label: string, times: number[]) {
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${label} ${(size / MB).toFixed(1)} MB: median ${median.toFixed(0)} ms -> ${(size / MB / (median / 1000)).toFixed(1)} MB/s (best ${(size / MB / ((times[0] ?? 1) / 1000)).toFixed(1)} MB/s)`,
  );
}

async function benchUpload(kind: "local" | "s3") {
  let driver: BlobDriver;
  let bucket = "local";
  if (kind === "s3") {
    bucket = "bench";
    driver = await s3rverDriver(s3Port, bucket);
  } else driver = createLocalDriver(path.join(dir, "objects"));
  const storage = createStorageService({
    db: db.db,
    driver,
    bucket,
    tempDir: path.join(dir, `tmp-${kind}`),
    limits: { maxUploadBytes: 25 * MB, quotaBytes: 5 * 1024 * MB, maxImagePixels: 40_000_000 },
  });
  const server = await serveStorageApi({ handle: db, storage, auth, siteUrl: "http://127.0.0.1" });
  const base = server.base;
  const body = await fsp.readFile(payload);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/storage/o?name=bench/file-${i}.pdf`, {
      method: "POST",
      headers: { "Content-Type": "application/pdf" },
      body,
    });
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    times.push(performance.now() - t0);
  }
  report(`upload ${kind.padEnd(5)} raw      `, times);
  // As the media library sends files: a multipart/form-data body with the file part and a metadata field.
  const multipart: number[] = [];
  for (let i = 0; i < 5; i++) {
    const form = new FormData();
    form.append("cacheControl", "public, max-age=300");
    form.append("file", new Blob([body], { type: "application/pdf" }), "file.pdf");
    const t0 = performance.now();
    const res = await fetch(`${base}/api/storage/o?name=bench/form-${i}.pdf`, { method: "POST", body: form });
    if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    multipart.push(performance.now() - t0);
  }
  report(`upload ${kind.padEnd(5)} multipart`, multipart);
  await server.close();
}

async function benchWebp() {
  const photo = path.join(dir, "photo-12mp.jpg");
  await sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toFile(photo);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await sharp(photo)
      .webp({ quality: 80 })
      .toFile(path.join(dir, `photo-${i}.webp`));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `webp 4000x3000 (12 MP), default effort: median ${(times[1] ?? 0).toFixed(0)} ms, best ${(times[0] ?? 0).toFixed(0)} ms`,
  );
  const fast: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    // The upload pipeline uses effort 2: most of the size saving at a fraction of the time.
    await sharp(photo)
      .webp({ quality: 80, effort: 2 })
      .toFile(path.join(dir, `photo-fast-${i}.webp`));
    fast.push(performance.now() - t0);
  }
  fast.sort((a, b) => a - b);
  console.log(`webp 4000x3000 (12 MP), effort 2 (as uploads): median ${(fast[1] ?? 0).toFixed(0)} ms`);
  const t0 = performance.now();
  for (const w of IMAGE_WIDTHS) {
    await sharp(photo)
      .resize({ width: w })
      .webp({ quality: 80, effort: 2 })
      .toFile(path.join(dir, `photo@${w}.webp`));
  }
  console.log(
    `webp responsive sizes ${IMAGE_WIDTHS.join("/")} from 12 MP: ${(performance.now() - t0).toFixed(0)} ms total`,
  );
}

try {
  await benchUpload("local");
  await benchUpload("s3");
  await benchWebp();
} finally {
  await s3.close();
  await db.destroy();
  await fsp.rm(dir, { recursive: true, force: true });
}
