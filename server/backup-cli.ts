// `npm run backup [file]` and `npm run restore <file>` for sites on the embedded database (README, "Backups").

import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { loadPgliteDump, openPglite } from "~db/client";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, repairModes, restrictUmask } from "~db/file-modes";
import {
  BACKUP_FOLDERS,
  BackupArchiveError,
  type BackupManifest,
  SECRETS_FILE,
  unpackBackup,
  writeBackup,
} from "./backup";
import { ConfigError, loadConfig } from "./config";
import { controlSocketPath, socketAnswers } from "./control-socket";

class CliError extends Error {}

const POSTGRES_HINT =
  "This site runs on Postgres (DATABASE_URL is set): back it up with pg_dump and restore with pg_restore, and copy the media bucket with its own tools (README, Backups).";

function stamp(d = new Date()): string {
  return d.toISOString().replace(/[:]/g, "-").replace(/\..+$/, "Z");
}

function size(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.ceil(bytes / 1e3)} KB`;
}

/** Asks the running server for a backup over its control socket; resolves false when no server answers. */
function backupFromServer(socketPath: string, target: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method: "POST", path: "/backup" }, (res) => {
      if (res.statusCode !== 200) {
        let text = "";
        res.on("data", (c) => {
          text += String(c);
        });
        res.on("end", () => reject(new CliError(`The server refused the backup: ${text.trim() || res.statusCode}`)));
        return;
      }
      pipeline(res, fs.createWriteStream(target, { mode: PRIVATE_FILE_MODE })).then(
        () => resolve(true),
        (err: unknown) =>
          reject(new CliError(`The backup was interrupted: ${err instanceof Error ? err.message : String(err)}`)),
      );
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolve(false);
      else reject(err);
    });
    req.end();
  });
}

async function backup(dataDir: string, requested: string | undefined): Promise<void> {
  const target = path.resolve(requested ?? path.join("backups", `backup-${stamp()}.tar`));
  // A backup holds every password hash and the site's secrets: the file is 0600 and a folder made for it 0700.
  await fsp.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!requested) {
    // The default folder is the site's own: backups an earlier release wrote there world-readable (0644) are closed.
    const closed = repairModes(path.dirname(target));
    if (closed.repaired > 0)
      process.stdout.write(
        `Closed ${closed.repaired} files or folders in ${path.dirname(target)} to other users (earlier backups were readable by all).\n`,
      );
  }
  const partial = `${target}.part`;
  // A leftover of an interrupted run would keep its own mode: the new file is created afresh.
  await fsp.rm(partial, { force: true });
  try {
    const viaServer = await backupFromServer(controlSocketPath(dataDir), partial);
    if (!viaServer) {
      // No server running: open the database ourselves (it fails if a server without a control socket holds it).
      let handle: Awaited<ReturnType<typeof openPglite>>;
      try {
        handle = await openPglite(path.join(dataDir, "pglite"));
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        throw new CliError(
          /lock|in use|EBUSY/i.test(msg)
            ? `The embedded database in ${dataDir} is in use by a process that does not answer on ${controlSocketPath(dataDir)}: stop it and run the backup again.`
            : `The embedded database in ${dataDir} could not be opened: ${msg}`,
        );
      }
      try {
        await writeBackup({ handle, dataDir, out: fs.createWriteStream(partial, { mode: PRIVATE_FILE_MODE }) });
      } finally {
        await handle.close();
      }
    }
    // Read it back: a backup that cannot be restored is worse than none.
    const check = path.join(path.dirname(target), `.check-${process.pid}`);
    let manifest: BackupManifest;
    try {
      manifest = await unpackBackup(partial, check);
    } finally {
      await fsp.rm(check, { recursive: true, force: true });
    }
    await fsp.rename(partial, target);
    const bytes = (await fsp.stat(target)).size;
    process.stdout.write(
      `Backup written to ${target} (${size(bytes)}): the database (${size(manifest.database.bytes)}) and ${manifest.files.count} files (${size(manifest.files.bytes)})${viaServer ? ", taken from the running server" : ""}.\n`,
    );
  } catch (err) {
    await fsp.rm(partial, { force: true });
    throw err;
  }
}

async function restore(dataDir: string, archive: string | undefined): Promise<void> {
  if (!archive) throw new CliError("Name the backup to restore: npm run restore -- backups/backup-….tar");
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new CliError(`${source} does not exist.`);
  if (await socketAnswers(controlSocketPath(dataDir)))
    throw new CliError(
      `The site is running on ${dataDir}: stop it first (restoring replaces its database and files), then run the restore again.`,
    );
  const when = stamp();
  const staging = path.join(dataDir, `.restore-${when}`);
  const kept = path.join(dataDir, `before-restore-${when}`);
  const moved: Array<[from: string, to: string]> = [];
  let replacing = false;
  try {
    const manifest = await unpackBackup(source, staging);
    // Whatever is there now is kept aside, never deleted: nothing stored is lost by a restore.
    for (const rel of ["pglite", ...BACKUP_FOLDERS, SECRETS_FILE]) {
      const from = path.join(dataDir, rel);
      if (!fs.existsSync(from)) continue;
      const to = path.join(kept, rel);
      await fsp.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await fsp.rename(from, to);
      moved.push([from, to]);
    }
    replacing = true;
    const dump = new Blob([await fsp.readFile(path.join(staging, "database.tar.gz"))]);
    try {
      await loadPgliteDump(path.join(dataDir, "pglite"), dump);
    } catch (err) {
      const msg = err instanceof Error ? err.message : String(err);
      throw new CliError(
        /lock|in use|EBUSY/i.test(msg)
          ? `The embedded database in ${dataDir} is in use by another process: stop it and run the restore again.`
          : `The backup's database could not be opened: ${msg}`,
      );
    }
    for (const folder of BACKUP_FOLDERS) {
      const from = path.join(staging, "files", folder);
      if (!fs.existsSync(from)) continue;
      const to = path.join(dataDir, folder);
      await fsp.mkdir(path.dirname(to), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await fsp.rename(from, to);
    }
    if (fs.existsSync(path.join(staging, SECRETS_FILE)))
      await fsp.rename(path.join(staging, SECRETS_FILE), path.join(dataDir, SECRETS_FILE));
    await fsp.rm(staging, { recursive: true, force: true });
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} into ${dataDir}: the database and ${manifest.files.count} files.${moved.length ? ` What was there before is kept in ${kept}.` : ""} Start the site with npm start.\n`,
    );
  } catch (err) {
    // Put back what was moved aside, so a failed restore leaves the site as it was.
    if (replacing) await fsp.rm(path.join(dataDir, "pglite"), { recursive: true, force: true }).catch(() => {});
    for (const [from, to] of moved.reverse()) {
      await fsp.rm(from, { recursive: true, force: true }).catch(() => {});
      await fsp.rename(to, from).catch(() => {});
    }
    await fsp.rm(staging, { recursive: true, force: true });
    await fsp.rm(kept, { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}

async function main() {
  // Everything this command writes (the backup, the folders of a restore, the database it unpacks) is owner-only,
  // whatever umask the operator's shell has.
  restrictUmask();
  const [command, file] = process.argv.slice(2);
  const config = loadConfig(process.env, { tool: true });
  if (config.databaseUrl) throw new CliError(POSTGRES_HINT);
  if (command === "backup") await backup(config.dataDir, file);
  else if (command === "restore") await restore(config.dataDir, file);
  else throw new CliError("Usage: backup-cli.ts backup [file] | restore <file>");
}

main().catch((err: unknown) => {
  const known = err instanceof CliError || err instanceof ConfigError || err instanceof BackupArchiveError;
  process.stderr.write(`Error: ${known ? (err as Error).message : err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
