import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll } from "vitest";
import type { StorageMetadata } from "~/lib/storage/paths";
import { createLocalDriver } from "~server/storage/drivers";
import { createStorageService, type StorageService } from "~server/storage/service";
import type { FileHarness } from "./admin-context";

/**
 * A local storage service in a fresh folder (`folderPrefix…`) on the harness's database, given to its services (the
 * media library and the forms that take its files use it): made before the file's tests, after the harness, and its
 * folder removed after them. `store` uploads bytes under a name, as the storage API does.
 */
export function localStorageForFile(h: FileHarness, folderPrefix: string) {
  let scratch = "";
  const made = {
    storage: undefined as unknown as StorageService,
    async store(name: string, bytes: Buffer): Promise<StorageMetadata> {
      const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.upload`);
      await fsp.writeFile(file, bytes);
      return made.storage.createFromFile(name, file);
    },
  };
  beforeAll(async () => {
    scratch = await fsp.mkdtemp(path.join(os.tmpdir(), folderPrefix));
    made.storage = createStorageService({
      db: h.t.db,
      driver: createLocalDriver(path.join(scratch, "objects")),
      bucket: "local",
      tempDir: path.join(scratch, "tmp"),
      limits: { maxUploadBytes: 25 * 1024 * 1024, quotaBytes: 1024 * 1024 * 1024, maxImagePixels: 40_000_000 },
    });
    h.context.services.storage = made.storage;
  });
  afterAll(async () => {
    if (scratch) await fsp.rm(scratch, { recursive: true, force: true });
  });
  return made;
}

/** A 1200 × 800 JPEG photo of one colour. */
export function testJpeg(background: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer();
}
