import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RELEASE_ASSET_RETENTION_DAYS } from "~/lib/constants";
import { insertReleaseAssets } from "~/queries/release-assets.server";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { readSharedReleaseAsset, shareReleaseAssets } from "./release-assets.server";

const DAY = 24 * 60 * 60 * 1000;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "release-assets-"));

/** A release's assets folder with these files. */
function release(name: string, files: Record<string, Buffer | string>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), body);
  return dir;
}

const t = testDatabaseForFile();
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe("release files shared through the database", () => {
  it("a later release serves an earlier one's files byte for byte, and its own are shared for the earlier one", async () => {
    const binary = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    const first = release("first", { "entry-AAAA1111.js": "export const v = 1;\n", "map-BBBB2222.bin": binary });
    const second = release("second", { "entry-CCCC3333.js": "export const v = 2;\n", "map-BBBB2222.bin": binary });

    expect(await shareReleaseAssets(t, first)).toEqual({ files: 2, added: 2, pruned: 0 });
    // The second release stores only what is new; the unchanged file is already there.
    expect(await shareReleaseAssets(t, second)).toEqual({ files: 2, added: 1, pruned: 0 });

    expect(String(await readSharedReleaseAsset(t, "entry-AAAA1111.js"))).toBe("export const v = 1;\n");
    expect(String(await readSharedReleaseAsset(t, "entry-CCCC3333.js"))).toBe("export const v = 2;\n");
    expect(await readSharedReleaseAsset(t, "map-BBBB2222.bin")).toEqual(binary);
    expect(await readSharedReleaseAsset(t, "entry-DDDD4444.js")).toBeNull();
  });

  it("starting the same release again stores nothing new", async () => {
    const again = release("again", { "entry-EEEE5555.js": "1" });
    await shareReleaseAssets(t, again);
    expect(await shareReleaseAssets(t, again)).toEqual({ files: 1, added: 0, pruned: 0 });
  });

  it("shares and serves plain file names only: no hidden files, no paths", async () => {
    const dir = release("names", { "plain-HHHH8888.js": "ok", ".hidden-IIII9999": "secret" });
    expect(await shareReleaseAssets(t, dir)).toMatchObject({ files: 1, added: 1 });
    expect(await readSharedReleaseAsset(t, ".hidden-IIII9999")).toBeNull();
    // Even a row stored under such a name some other way is never handed out.
    await insertReleaseAssets(t.db, [
      { name: "../secret", body: Buffer.from("x") },
      { name: ".env", body: Buffer.from("x") },
      { name: "x".repeat(201), body: Buffer.from("x") },
    ]);
    for (const name of ["../secret", ".env", "x".repeat(201), "a/b.js", "", "a\u0000b.js"]) {
      expect(await readSharedReleaseAsset(t, name), name).toBeNull();
    }
    expect(String(await readSharedReleaseAsset(t, "plain-HHHH8888.js"))).toBe("ok");
  });

  it(`drops the files of releases not started for ${RELEASE_ASSET_RETENTION_DAYS} days, never the current one's`, async () => {
    const old = release("old", { "old-FFFF6666.js": "old", "kept-GGGG7777.js": "kept" });
    const later = new Date(Date.now() + (RELEASE_ASSET_RETENTION_DAYS + 1) * DAY);
    await shareReleaseAssets(t, old);
    // A release started a month and a day later still has kept-GGGG7777.js; old-FFFF6666.js is nobody's any more.
    const current = release("current", { "kept-GGGG7777.js": "kept" });
    const result = await shareReleaseAssets(t, current, later);
    expect(result.pruned).toBeGreaterThanOrEqual(1);
    expect(await readSharedReleaseAsset(t, "old-FFFF6666.js")).toBeNull();
    expect(String(await readSharedReleaseAsset(t, "kept-GGGG7777.js"))).toBe("kept");
  });
});
