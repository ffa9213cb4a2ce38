import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { repairModes } from "./file-modes";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction opened with `db.transaction` (Drizzle's transaction is a database too). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/**
 * What a query function runs on: the database or a transaction opened on it. A service passes its `tx` to any query
 * function as it is, with no cast, and the query's statements join the transaction.
 */
export type Executor = Database | Transaction;

/** Change notifications that reach every server instance (LISTEN/NOTIFY on Postgres, in-process on PGlite). */
export interface ChangeBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Delivers a message to this process's subscribers only. */
  emitLocal(channel: string, payload: string): void;
  subscribe(channel: string, listener: (payload: string) => void): () => void;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  bus: ChangeBus;
  /** Applies committed migrations (idempotent). */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, seeding) while holding a database-wide lock, so instances started together on
   * one Postgres database take turns: the second waits, then finds the work done. PGlite has one process only.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * A consistent copy of the embedded database's files (a gzipped tar), taken while it serves: queries and
   * transactions wait for the few moments it takes, no transaction is half-written in it, and opening it replays the
   * write-ahead log like a restart after a crash. PGlite only; a Postgres server is backed up with pg_dump.
   */
  /**
   * Copies the embedded database's folder into the new folder `into` as one consistent state: after a checkpoint,
   * while no transaction runs, with asynchronous copies (the event loop keeps serving; database work waits the
   * few seconds the copy takes).
   */
  snapshotEmbedded?(into: string): Promise<void>;
  /** Connection pool use (Postgres): open, idle and waiting for a connection. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

/** Where drizzle-kit's committed migrations live, from the source tree or from the bundled server in build/. */
export function migrationsFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./migrations", import.meta.url)),
    fileURLToPath(new URL("../db/migrations", import.meta.url)),
    path.resolve(process.cwd(), "db/migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error("Database migrations folder not found (expected db/migrations).");
  return found;
}

/** The advisory lock taken around start-up work ("perm" in ASCII; any constant shared by every instance). */
export const STARTUP_LOCK_KEY = 0x7065726d;

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens PGlite persisted in `dataDir` (or in memory when dataDir is "memory://"). */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  // Owner-only: the folder holds every password hash, session and address (the process's umask covers its files).
  if (dataDir && !dataDir.startsWith("memory://")) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Search needs trigram similarity and accent folding; Postgres ships both in contrib (decision 013).
  const extensions = { pg_trgm, unaccent };
  const client = dataDir ? new PGlite(dataDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  // PGlite's file system (Emscripten's) sets the modes of files it creates itself, past the process's umask: the
  // initial database it unpacks comes out 0666 (968 files) and the relation cache's init files 0644 at every open.
  // Once open, they are made owner-only like the rest of DATA_DIR (the folder is 0700, so nobody else could reach
  // them meanwhile); the files Postgres creates later are 0600. About 1,200 files: a few milliseconds.
  if (dataDir && !dataDir.startsWith("memory://")) repairModes(dataDir);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Database;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const bus: ChangeBus = {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    emitLocal(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
  return {
    db,
    kind: "pglite",
    bus,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    withStartupLock: (fn) => fn(),
    async snapshotEmbedded(into) {
      if (!dataDir || dataDir.startsWith("memory://")) throw new Error("This database is in memory: nothing to copy.");
      // The checkpoint writes changes so far into the table files, so a restore has little log to replay; then the
      // files are copied in PGlite's transaction queue (where drizzle's transactions and single statements run), so
      // no transaction is open while they are copied. Changes made between the two are in the log, which is copied.
      // (PGlite's own dumpDataDir reads the same files, but synchronously and into memory: at 500,000 places it held
      // the event loop for 40 s.)
      await client.exec("CHECKPOINT");
      await client._runExclusiveTransaction(() => copyTree(dataDir, into));
    },
    async close() {
      emitter.removeAllListeners();
      await client.close();
    },
  };
}

/** Copies a folder tree file by file (a copy-on-write clone where the file system offers one). */
async function copyTree(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(to, { recursive: true });
  for (const entry of await fs.promises.readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await copyTree(source, target);
    else if (entry.isFile()) await fs.promises.copyFile(source, target, fs.constants.COPYFILE_FICLONE);
  }
}

/**
 * Creates the embedded database in the empty folder `dataDir` from a dump (a tar.gz of its folder, as PGlite's
 * dumpDataDir writes and `npm run backup` packs), and checks that it
 * opens and answers. Used by `npm run restore`.
 */
export async function loadPgliteDump(dataDir: string, dump: Blob): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const client = new PGlite(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: dump });
  try {
    await client.waitReady;
    await client.query("SELECT count(*) FROM pg_class");
    // Owner-only, as openPglite leaves it (PGlite sets the modes of the files it unpacks itself).
    repairModes(dataDir);
  } finally {
    await client.close().catch(() => {});
  }
}

/** Connects to a Postgres server through a pool; fails fast when it cannot be reached. */
export async function openPostgres(
  url: string,
  options: { max?: number; waitMs?: number } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // How long a request may wait for a free connection before it is answered 503 (see app/lib/overload.ts).
    connectionTimeoutMillis: options.waitMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", () => {
    // idle client errors (server restart) are retried by the pool on the next query
  });
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnavailableError(
      `Cannot connect to DATABASE_URL (${redactUrl(url)}): ${reason || "connection refused"}.`,
    );
  }
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Database;

  // One dedicated connection listens for every channel any subscriber asked for. Concurrent subscribers share one
  // connection attempt; after a connection loss every channel is listened to again.
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listener: Promise<pg.Client> | undefined;
  let listening = new Set<string>();
  let closed = false;
  // What this process published is delivered to its own subscribers at once (an editor reads their change on the
  // next request, as on PGlite), and its echo from the server is then skipped, once per publish.
  const ownEchoes = new Map<string, number>();
  const connectListener = async () => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    c.on("notification", (msg) => {
      const payload = msg.payload ?? "";
      const key = `${msg.channel}\n${payload}`;
      const waiting = ownEchoes.get(key);
      if (waiting) {
        if (waiting > 1) ownEchoes.set(key, waiting - 1);
        else ownEchoes.delete(key);
        return;
      }
      emitter.emit(msg.channel, payload);
    });
    c.on("error", () => {
      listener = undefined;
      const channels = listening;
      listening = new Set();
      c.end().catch(() => {});
      if (!closed) setTimeout(() => void Promise.all([...channels].map(ensureListening)).catch(() => {}), 1000);
    });
    await c.connect();
    return c;
  };
  const ensureListening = async (channel: string) => {
    if (closed || listening.has(channel)) return;
    listening.add(channel);
    listener ??= connectListener().catch((err: unknown) => {
      listener = undefined;
      throw err;
    });
    const client = await listener;
    await client.query(`LISTEN ${channel}`);
  };
  // Connect the listening connection now, so a subscription only has to send LISTEN on an open connection and no
  // notification published right after subscribing is missed.
  listener = connectListener().catch((err: unknown) => {
    listener = undefined;
    throw err;
  });
  try {
    await listener;
  } catch (err) {
    await pool.end().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseUnavailableError(
      `Cannot open a listening connection to DATABASE_URL (${redactUrl(url)}): ${reason}.`,
    );
  }
  const bus: ChangeBus = {
    async publish(channel, payload) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel name ${channel}`);
      const key = `${channel}\n${payload}`;
      // Echoes lost with a dropped listening connection are forgotten rather than kept for ever.
      if (ownEchoes.size > 1000) ownEchoes.clear();
      if (listening.has(channel)) ownEchoes.set(key, (ownEchoes.get(key) ?? 0) + 1);
      emitter.emit(channel, payload);
      try {
        await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
      } catch (err) {
        const waiting = ownEchoes.get(key) ?? 0;
        if (waiting > 1) ownEchoes.set(key, waiting - 1);
        else ownEchoes.delete(key);
        throw err;
      }
    },
    emitLocal(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, fn) {
      if (!CHANNEL_RE.test(channel)) throw new Error(`bad channel name ${channel}`);
      emitter.on(channel, fn);
      ensureListening(channel).catch(() => listening.delete(channel));
      return () => emitter.off(channel, fn);
    },
  };
  return {
    db,
    kind: "postgres",
    bus,
    migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.max ?? 10,
    }),
    async withStartupLock(fn) {
      // A session-level advisory lock on a connection of its own, outside the pool (which may have one connection,
      // needed by the work itself), held until the work is done; if the holder dies, the lock goes with it.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      const client = await listener?.catch(() => undefined);
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** Opens the configured database: Postgres when a URL is given, else PGlite under DATA_DIR. */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  pool?: { max?: number; waitMs?: number };
}): Promise<DatabaseHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.pool) : openPglite(path.join(opts.dataDir, "pglite"));
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres://…";
  }
}

/**
 * The rows of a raw `db.execute` result: node-postgres answers `{ rows }`, PGlite's driver an array or `{ rows }`,
 * so a query reads its rows the same way on either.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] } | null)?.rows ?? [];
}
