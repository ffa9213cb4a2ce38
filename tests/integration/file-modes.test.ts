import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { dataDirFolder, REPO_ROOT } from "../helpers/data-dir";
import { signIn } from "../helpers/server-process";

/**
 * On a shared host, DATA_DIR (the embedded database with its WAL and pg_control, the media, the uploads, the generated
 * AUTH_SECRET) and every backup belong to the site's user alone, whatever umask the process was started with (issue
 * 36: a backup was 0644, and 968 of 1,203 files of the database's folder were 0666).
 */

const { work, dataDir, start, run } = dataDirFolder("file-modes-");

const SITE = "https://file-modes.example";
const ADMIN = { email: "keeper@example.org", password: "a-long-enough-password" };

/** The server started as by a shell whose umask is 000 (everything it creates would be readable and writable by all). */
const startPermissive = () =>
  start({ SITE_URL: SITE, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, [
    "--import",
    "data:text/javascript,process.umask(0)",
  ]);

/** `npm run <script> -- <file>` from a shell whose umask is 000. */
function npmRunPermissive(script: "backup" | "restore", file: string) {
  return runPermissive(["npm", "run", "-s", script, "--", file], REPO_ROOT);
}

/** A command run from a shell whose umask is 000, in `cwd`, on this test's DATA_DIR. */
function runPermissive(command: string[], cwd: string) {
  return run(["sh", "-c", 'umask 000; exec "$@"', "sh", ...command], {
    cwd,
    env: { TSX_TSCONFIG_PATH: path.join(REPO_ROOT, "tsconfig.json") },
  });
}

type Entry = { rel: string; kind: "folder" | "file" | "other"; mode: number };

/** DATA_DIR itself and everything under it (symbolic links are not followed). */
function tree(dir: string, rel = "."): Entry[] {
  const st = fs.lstatSync(dir);
  const kind = st.isDirectory() ? "folder" : st.isFile() ? "file" : "other";
  const out: Entry[] = [{ rel, kind, mode: st.mode & 0o777 }];
  if (st.isDirectory())
    for (const name of fs.readdirSync(dir))
      out.push(...tree(path.join(dir, name), rel === "." ? name : `${rel}/${name}`));
  return out;
}

/** Entries others could use: a folder that is not exactly 0700, a file or socket with any group or other bit. */
function notOwnerOnly(entries: Entry[]): string[] {
  return entries
    .filter((e) => (e.kind === "folder" ? e.mode !== 0o700 : (e.mode & 0o077) !== 0))
    .map((e) => `${e.rel} ${e.mode.toString(8)}`);
}

const octal = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

it("creates DATA_DIR, its database, media, uploads and secrets owner-only, and writes backups 0600, even under umask 000", async () => {
  const server = await startPermissive();
  const cookie = await signIn(server.url, SITE, ADMIN);
  const photo = await sharp({ create: { width: 64, height: 40, channels: 3, background: "#52796f" } })
    .png()
    .toBuffer();
  const upload = await fetch(`${server.url}/api/storage/o?name=${encodeURIComponent("garden/pond.png")}`, {
    method: "POST",
    headers: { cookie, Origin: SITE, "Content-Type": "image/png" },
    body: photo,
  });
  expect(upload.status).toBe(200);

  const entries = tree(dataDir);
  // Everything a review found open is there: the database's WAL and pg_control, media, uploads, the secret.
  for (const part of ["pglite/global/pg_control", "pglite/pg_wal", "media/demo", "storage/objects", "secrets.json"])
    expect(
      entries.some((e) => e.rel.startsWith(part)),
      part,
    ).toBe(true);
  const open = notOwnerOnly(entries);
  expect(open.slice(0, 10), `${open.length} of ${entries.length} entries are open to others`).toEqual([]);

  // A backup (taken from the running server) into a folder the command creates.
  const file = path.join(work, "out", "nightly", "site.tar");
  const backup = await npmRunPermissive("backup", file);
  expect(backup.code, backup.out).toBe(0);
  expect(octal(file)).toBe("600");
  expect(octal(path.dirname(file))).toBe("700");
  expect(fs.readdirSync(path.dirname(file))).toEqual(["site.tar"]);
  expect(notOwnerOnly(tree(dataDir))).toEqual([]);

  // The default folder (backups/ where the command runs) is the site's own: backups an earlier release left readable
  // by all there are closed too, and the new one is 0600.
  const operator = path.join(work, "operator");
  fs.mkdirSync(path.join(operator, "backups"), { recursive: true });
  fs.writeFileSync(path.join(operator, "backups", "backup-old.tar"), "an earlier backup");
  fs.chmodSync(path.join(operator, "backups", "backup-old.tar"), 0o644);
  fs.chmodSync(path.join(operator, "backups"), 0o755);
  const byDefault = await runPermissive(
    [path.join(REPO_ROOT, "node_modules", ".bin", "tsx"), path.join(REPO_ROOT, "server", "backup-cli.ts"), "backup"],
    operator,
  );
  expect(byDefault.code, byDefault.out).toBe(0);
  expect(byDefault.out).toContain("Closed 2 files or folders");
  expect(octal(path.join(operator, "backups"))).toBe("700");
  const written = fs.readdirSync(path.join(operator, "backups"));
  expect(written).toHaveLength(2);
  for (const name of written) expect(octal(path.join(operator, "backups", name)), name).toBe("600");

  expect(await server.stop()).toBe(0);

  // A restore under umask 000 writes the database and files back owner-only, and keeps what was there privately.
  const restore = await npmRunPermissive("restore", file);
  expect(restore.code, restore.out).toBe(0);
  expect(notOwnerOnly(tree(dataDir))).toEqual([]);
}, 300_000);

it("repairs a DATA_DIR whose files others could read and write, at start, with one warning line", async () => {
  // Everything opened up, as an earlier release under a permissive umask (or a careless copy) left it.
  const loosened = tree(dataDir).filter((e) => e.kind !== "other");
  for (const e of loosened) fs.chmodSync(path.join(dataDir, e.rel), e.kind === "folder" ? 0o777 : 0o666);
  expect(notOwnerOnly(tree(dataDir)).length).toBeGreaterThanOrEqual(loosened.length);

  const server = await startPermissive();
  const warnings = server
    .output()
    .split("\n")
    .filter((line) => line.includes("permissions"));
  expect(warnings).toHaveLength(1);
  const warning = JSON.parse(warnings[0] ?? "{}") as { level: number; repaired: number; msg: string };
  expect(warning.level).toBe(40);
  expect(warning.repaired).toBe(loosened.length);
  expect(notOwnerOnly(tree(dataDir))).toEqual([]);
  expect((await fetch(`${server.url}/locations`)).status).toBe(200);
  expect(await server.stop()).toBe(0);

  // Nothing to repair: no warning.
  const again = await startPermissive();
  expect(again.output()).not.toContain("permissions");
  await again.stop();
}, 300_000);
