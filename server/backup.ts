import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import type { DatabaseHandle } from "~db/client";

/**
 * A backup of an embedded-database site: one tar file holding
 * - `database.tar.gz`, the database's folder as PGlite's dumpDataDir lays it out (copied while no transaction is
 *   open, then packed and compressed while the site goes on);
 * - `files/…`, the files of DATA_DIR the database refers to: public media (demo images and audio, the podcast cover)
 *   and the stored objects (uploads);
 * - `secrets.json`, the generated secrets when AUTH_SECRET is not set (sessions and signed links depend on them);
 * - `manifest.json`, written last: an archive without it is incomplete and is refused by restore.
 * Postgres deployments are backed up with pg_dump and their bucket's own tools (README, "Backups").
 */
export const BACKUP_FORMAT = 1;

/** The folders of DATA_DIR a backup carries, relative to it. */
export const BACKUP_FOLDERS = ["media", path.join("storage", "objects")] as const;
export const SECRETS_FILE = "secrets.json";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { kind: "pglite"; bytes: number };
  files: { count: number; bytes: number };
  secrets: boolean;
};

/** Every regular file under `root` (relative paths with "/"), skipping partial writes. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(path.join(dir, e.name), childRel);
      else if (e.isFile() && !e.name.endsWith(".part")) out.push(childRel);
    }
  };
  await walk(root, "");
  return out;
}

function addEntry(pack: tar.Pack, name: string, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: body.length, mode: 0o600 }, body, (err) => (err ? reject(err) : resolve()));
  });
}

async function addFile(pack: tar.Pack, name: string, file: string): Promise<number | null> {
  let stat: fs.Stats;
  try {
    stat = await fsp.stat(file);
  } catch {
    return null; // gone since it was listed (a file that was never in the database dump's view, e.g. a temp file)
  }
  if (stat.size === 0) {
    await addEntry(pack, name, Buffer.alloc(0));
    return 0;
  }
  // Exactly the bytes the header announces, even if the file were appended to meanwhile (stored files never are).
  const entry = pack.entry({ name, size: stat.size, mtime: stat.mtime, mode: 0o600 });
  await pipeline(fs.createReadStream(file, { start: 0, end: stat.size - 1 }), entry);
  return stat.size;
}

/**
 * Writes a backup of the running (or stopped) embedded site to `out`. The database is dumped first; deletions of
 * stored files wait until the files are copied (`holdDeletes`), so every file the dumped rows name is in the copy.
 */
export async function writeBackup(opts: {
  handle: Pick<DatabaseHandle, "kind" | "snapshotEmbedded">;
  dataDir: string;
  holdDeletes?: () => () => Promise<void>;
  out: Writable;
}): Promise<BackupManifest> {
  const { handle, dataDir, out } = opts;
  if (handle.kind !== "pglite" || !handle.snapshotEmbedded)
    throw new Error("Only the embedded database is backed up by npm run backup; use pg_dump for Postgres.");
  const release = opts.holdDeletes?.() ?? (async () => {});
  let work: string | null = null;
  const pack = tar.pack();
  const piped = pipeline(pack, out);
  try {
    // The copy sits beside the data (same file system: clones where offered, no RAM-backed /tmp) until packed.
    work = await fsp.mkdtemp(path.join(dataDir, ".backup-"));
    const copy = path.join(work, "database");
    await handle.snapshotEmbedded(copy);
    const dumpFile = path.join(work, "database.tar.gz");
    await packDatabase(copy, dumpFile);
    await fsp.rm(copy, { recursive: true, force: true });
    const dumpBytes = await addFile(pack, "database.tar.gz", dumpFile);
    if (dumpBytes === null) throw new Error("The database copy disappeared while it was packed.");
    let count = 0;
    let bytes = 0;
    for (const folder of BACKUP_FOLDERS) {
      const root = path.join(dataDir, folder);
      for (const rel of await listFiles(root)) {
        const size = await addFile(pack, `files/${folder.split(path.sep).join("/")}/${rel}`, path.join(root, rel));
        if (size === null) continue;
        count += 1;
        bytes += size;
      }
    }
    const secretsPath = path.join(dataDir, SECRETS_FILE);
    const secrets = fs.existsSync(secretsPath);
    if (secrets) await addEntry(pack, SECRETS_FILE, await fsp.readFile(secretsPath));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: "pglite", bytes: dumpBytes },
      files: { count, bytes },
      secrets,
    };
    await addEntry(pack, "manifest.json", Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    pack.finalize();
    await piped;
    return manifest;
  } catch (err) {
    pack.destroy(err instanceof Error ? err : new Error(String(err)));
    await piped.catch(() => {});
    throw err;
  } finally {
    await release();
    if (work) await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Packs a copy of the database folder as PGlite's loadDataDir reads it (entries named relative to the folder,
 * folders before their files), gzip-compressed, streamed to `file`.
 */
async function packDatabase(folder: string, file: string): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, createGzip({ level: 6 }), fs.createWriteStream(file, { mode: 0o600 }));
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await fsp.readdir(path.join(folder, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await new Promise<void>((resolve, reject) =>
          pack.entry({ name, type: "directory", mode: 0o700 }, (err) => (err ? reject(err) : resolve())),
        );
        await walk(name);
      } else if (entry.isFile()) {
        await addFile(pack, name, path.join(folder, name));
      }
    }
  };
  try {
    await walk("");
    pack.finalize();
    await written;
  } catch (err) {
    pack.destroy(err instanceof Error ? err : new Error(String(err)));
    await written.catch(() => {});
    throw err;
  }
}

export class BackupArchiveError extends Error {
  override name = "BackupArchiveError";
}

/** An entry name from an archive, as a safe relative path (no absolute paths, no "..", no odd characters). */
export function safeEntryName(name: string): string {
  const clean = name.replace(/^\.\//, "");
  const parts = clean.split("/");
  if (
    !clean ||
    clean.startsWith("/") ||
    clean.includes("\\") ||
    clean.includes("\0") ||
    parts.some((p) => p === "" || p === "." || p === "..")
  )
    throw new BackupArchiveError(`The backup contains an unsafe file name (${JSON.stringify(name)}).`);
  return clean;
}

/**
 * Unpacks a backup into the empty folder `staging`: `database.tar.gz`, `files/…`, `secrets.json`, `manifest.json`.
 * Refuses archives that are not backups of this format, are incomplete (no manifest, written last) or name paths
 * outside the folder.
 */
export async function unpackBackup(archive: string, staging: string): Promise<BackupManifest> {
  // Owner-only, like everything of a backup: it holds password hashes and the site's secrets.
  await fsp.mkdir(staging, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  let manifest: BackupManifest | undefined;
  let database = false;
  extract.on("entry", (header, stream, next) => {
    (async () => {
      if (header.type !== "file") {
        stream.resume();
        return;
      }
      const name = safeEntryName(header.name);
      if (name === "manifest.json") {
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest;
        } catch {
          throw new BackupArchiveError("The backup's manifest is damaged.");
        }
        return;
      }
      if (name !== "database.tar.gz" && name !== SECRETS_FILE && !name.startsWith("files/"))
        throw new BackupArchiveError(`The backup contains an unexpected file (${name}).`);
      if (name === "database.tar.gz") database = true;
      const target = path.join(staging, ...name.split("/"));
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(stream, fs.createWriteStream(target, { mode: 0o600 }));
    })().then(
      () => next(),
      (err: unknown) => next(err instanceof Error ? err : new Error(String(err))),
    );
  });
  try {
    await pipeline(fs.createReadStream(archive), extract);
  } catch (err) {
    if (err instanceof BackupArchiveError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new BackupArchiveError(`${archive} is not a readable backup (${reason}).`);
  }
  if (!manifest || !database)
    throw new BackupArchiveError(`${archive} is incomplete: it has no manifest (the backup did not finish).`);
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupArchiveError(
      `${archive} is a backup of format ${manifest.format}; this release reads ${BACKUP_FORMAT}.`,
    );
  return manifest;
}
