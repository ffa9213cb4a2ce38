import fs from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the embedded database (password hashes, sessions, subscribers' addresses, and pg_control, whose
 * corruption stops the database), the generated AUTH_SECRET, uploads and backups: on a shared host, nothing of it is
 * for other local users. Media under DATA_DIR/media are public, but the server itself serves them, so owner-only
 * costs nothing there either.
 */

/** Group and other get no permission on anything the process creates: folders 0700, files 0600. */
export const OWNER_ONLY_UMASK = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Sets the process's umask to owner-only. Node, PGlite (whose files Postgres would otherwise create 0666 under a
 * permissive umask) and every library then create files and folders for the owner alone, whatever umask the shell or
 * service manager started the process with. Called first thing by the server and the backup/restore command.
 */
export function restrictUmask(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export type ModeRepair = {
  /** Entries looked at: DATA_DIR itself and everything under it. */
  checked: number;
  /** Entries whose group and other permissions were removed. */
  repaired: number;
  /** Entries that could not be changed (another user's file): left as they are. */
  failed: number;
  ms: number;
};

/**
 * Removes group and other permissions from `root` and everything under it, in one walk, leaving the owner's bits (and
 * setuid/sticky bits) as they were. Symbolic links are neither followed nor changed: a link inside DATA_DIR must not
 * make the server chmod a file elsewhere. Synchronous on purpose: it runs once at start, before the database opens
 * and before anything listens, and the synchronous calls are several times faster than promises here (50,000 files:
 * about 0.3-0.5 s against 2 s).
 */
export function repairModes(root: string): ModeRepair {
  const start = performance.now();
  const result: ModeRepair = { checked: 0, repaired: 0, failed: 0, ms: 0 };
  const visit = (entry: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(entry);
    } catch {
      return; // removed meanwhile
    }
    result.checked += 1;
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(entry, st.mode & 0o7700);
        result.repaired += 1;
      } catch {
        result.failed += 1;
      }
    }
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = fs.readdirSync(entry);
    } catch {
      return;
    }
    for (const name of names) visit(path.join(entry, name));
  };
  visit(root);
  result.ms = Math.round(performance.now() - start);
  return result;
}
