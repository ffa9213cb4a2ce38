import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../helpers/scratch-postgres";
import { type RunningServer, startServer } from "../helpers/server-process";

const pgUrl = process.env.TEST_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "overload-"));
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

// The connection pool is Postgres's (the embedded database has one connection and queues in process).
describe.skipIf(!pgUrl)("when every database connection is busy", () => {
  it("a request that cannot get one in time is answered 503 with Retry-After, not 500", async () => {
    scratch = await createScratchDatabase(pgUrl ?? "", "overload");
    const u = new URL(scratch.url);
    server = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: u.toString(),
      AUTH_SECRET: "overload-test-secret-0123456789abcdef",
      DATABASE_POOL_MAX: "1",
      DATABASE_POOL_WAIT_MS: "500",
    });
    const url = server.url;
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 60_000 }).toBe(200);

    // Another client holds the locations table: a request reading it keeps the server's only connection busy.
    const blocker = new pg.Client({ connectionString: u.toString() });
    await blocker.connect();
    await blocker.query("BEGIN");
    await blocker.query("LOCK TABLE locations IN ACCESS EXCLUSIVE MODE");
    try {
      const stuck = fetch(`${url}/locations?q=farm`);
      await new Promise((r) => setTimeout(r, 300));
      const busy = await fetch(`${url}/programs?page=1`);
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("5");
      await blocker.query("ROLLBACK");
      expect((await stuck).status).toBe(200);
    } finally {
      await blocker.end();
    }
    // Once the connection is free again, pages are served as usual.
    expect((await fetch(`${url}/programs?page=1`)).status).toBe(200);
  }, 180_000);
});
