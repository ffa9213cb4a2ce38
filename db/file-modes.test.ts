import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repairModes, restrictUmask } from "./file-modes";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "file-modes-unit-"));
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
});

const mode = (p: string) => fs.lstatSync(p).mode & 0o7777;

describe("owner-only files under DATA_DIR", () => {
  it("removes group and other permissions everywhere under the folder in one walk, keeping the owner's", () => {
    const root = path.join(work, "data");
    fs.mkdirSync(path.join(root, "pglite", "global"), { recursive: true });
    fs.mkdirSync(path.join(root, "media", "demo"), { recursive: true });
    fs.writeFileSync(path.join(root, "pglite", "global", "pg_control"), "x");
    fs.writeFileSync(path.join(root, "media", "demo", "a.jpg"), "x");
    fs.writeFileSync(path.join(root, "secrets.json"), "{}");
    fs.writeFileSync(path.join(root, "run.sh"), "");
    for (const p of [root, path.join(root, "pglite"), path.join(root, "pglite", "global"), path.join(root, "media")])
      fs.chmodSync(p, 0o777);
    fs.chmodSync(path.join(root, "media", "demo"), 0o750);
    fs.chmodSync(path.join(root, "pglite", "global", "pg_control"), 0o666);
    fs.chmodSync(path.join(root, "media", "demo", "a.jpg"), 0o644);
    fs.chmodSync(path.join(root, "secrets.json"), 0o600);
    fs.chmodSync(path.join(root, "run.sh"), 0o755);
    // A link to a file outside DATA_DIR: neither followed nor changed.
    const outside = path.join(work, "outside.txt");
    fs.writeFileSync(outside, "not ours to change");
    fs.chmodSync(outside, 0o644);
    fs.symlinkSync(outside, path.join(root, "media", "link.txt"));

    const first = repairModes(root);
    expect(first).toMatchObject({ checked: 10, repaired: 8, failed: 0 });
    expect(mode(root)).toBe(0o700);
    expect(mode(path.join(root, "pglite", "global"))).toBe(0o700);
    expect(mode(path.join(root, "media", "demo"))).toBe(0o700);
    expect(mode(path.join(root, "pglite", "global", "pg_control"))).toBe(0o600);
    expect(mode(path.join(root, "media", "demo", "a.jpg"))).toBe(0o600);
    expect(mode(path.join(root, "secrets.json"))).toBe(0o600);
    expect(mode(path.join(root, "run.sh"))).toBe(0o700);
    expect(mode(outside)).toBe(0o644);

    expect(repairModes(root)).toMatchObject({ checked: 10, repaired: 0, failed: 0 });
    // A folder that is not there: nothing to do, no error.
    expect(repairModes(path.join(work, "missing"))).toMatchObject({ checked: 0, repaired: 0 });
  });

  it("makes what the process creates afterwards owner-only, whatever umask it was started with", () => {
    const before = process.umask(0);
    try {
      restrictUmask();
      const folder = path.join(work, "created");
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, "file"), "x");
      expect(mode(folder)).toBe(0o700);
      expect(mode(path.join(folder, "file"))).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });
});
