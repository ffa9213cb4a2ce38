import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "~db/client";
import { seedReferenceData } from "~db/seed/seed";

export type TestDatabase = DatabaseHandle & {
  label: string;
  /** The connection string, on Postgres. */
  url?: string;
  destroy(): Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is set,
 * a new database created on that Postgres server and dropped afterwards.
 */
export async function createTestDatabase(opts: { reference?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let destroy: () => Promise<void>;
  let label: string;
  let dbUrl: string | undefined;
  if (url) {
    const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    handle = await openPostgres(dbUrl, { max: 5 });
    label = "postgres";
    destroy = async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    handle = await openPglite(undefined);
    label = "pglite";
    destroy = () => handle.close();
  }
  await handle.migrate();
  if (opts.reference !== false) await seedReferenceData(handle.db);
  return Object.assign(handle, { label, url: dbUrl, destroy });
}
