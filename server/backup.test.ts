import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import tar from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { BackupArchiveError, safeEntryName, unpackBackup } from "./backup";
import { createLocalDriver } from "./storage/drivers";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-unit-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Writes a tar archive with the given entries (name → content). */
async function archive(file: string, entries: Array<[string, string]>): Promise<void> {
  const pack = tar.pack();
  const done = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on("finish", () => resolve());
    out.on("error", reject);
    pack.pipe(out);
  });
  for (const [name, body] of entries) pack.entry({ name }, body);
  pack.finalize();
  await done;
}

describe("reading a backup", () => {
  it("refuses entry names that would land outside the restore folder", () => {
    for (const bad of ["../secrets.json", "/etc/passwd", "files/../../x", "files//x", "a\\b"])
      expect(() => safeEntryName(bad), bad).toThrow(BackupArchiveError);
    expect(safeEntryName("./files/media/demo/a.jpg")).toBe("files/media/demo/a.jpg");
  });

  it("refuses an archive with a path escape and writes nothing outside its folder", async () => {
    const file = path.join(work, "evil.tar");
    await archive(file, [
      ["database.tar.gz", "x"],
      ["files/../../escaped.txt", "gotcha"],
      ["manifest.json", JSON.stringify({ format: 1 })],
    ]);
    await expect(unpackBackup(file, path.join(work, "staging-evil"))).rejects.toThrow(/unsafe file name/);
    expect(fs.existsSync(path.join(work, "escaped.txt"))).toBe(false);
  });

  it("refuses an archive without its manifest (a backup that did not finish) or of another format", async () => {
    const partial = path.join(work, "partial.tar");
    await archive(partial, [["database.tar.gz", "x"]]);
    await expect(unpackBackup(partial, path.join(work, "staging-partial"))).rejects.toThrow(/incomplete/);
    const future = path.join(work, "future.tar");
    await archive(future, [
      ["database.tar.gz", "x"],
      ["manifest.json", JSON.stringify({ format: 9 })],
    ]);
    await expect(unpackBackup(future, path.join(work, "staging-future"))).rejects.toThrow(/format 9/);
  });
});

describe("local storage while a backup copies files", () => {
  it("keeps deleted files until every hold is released, then deletes them", async () => {
    const driver = createLocalDriver(path.join(work, "objects"));
    const source = path.join(work, "source.bin");
    fs.writeFileSync(source, "bytes");
    const key = driver.newKey();
    await driver.put(key, source, 5, "application/octet-stream");
    const stored = () => driver.list().then((keys) => keys.includes(key));

    const first = driver.holdDeletes?.();
    const second = driver.holdDeletes?.();
    await driver.delete(key);
    expect(await stored()).toBe(true);
    await first?.();
    expect(await stored()).toBe(true);
    await second?.();
    expect(await stored()).toBe(false);

    // Without a hold, a delete is immediate.
    const other = driver.newKey();
    await driver.put(other, source, 5, "application/octet-stream");
    await driver.delete(other);
    expect(await driver.list()).not.toContain(other);
  });
});
