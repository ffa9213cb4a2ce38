import { randomBytes } from "node:crypto";
import pg from "pg";

/** A fresh, empty database on the TEST_DATABASE_URL server (for tests that start servers or processes on it). */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
