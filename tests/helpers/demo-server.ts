import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { createScratchDatabase } from "./scratch-postgres";
import { type RunningServer, signIn, startServer } from "./server-process";

/**
 * The built server on the demo site with `admin` as its first administrator: on the embedded database in a fresh
 * folder (`<name>-…`), or on a fresh database of the Postgres server TEST_DATABASE_URL names when it is set. Started
 * before the file's tests, stopped after them, its folder and database removed. `server` is set once the file's
 * `beforeAll` has run; the functions may be taken from it at once.
 */
export function demoSiteServer(name: string, admin: { email: string; password: string }) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  const site = {
    server: undefined as unknown as RunningServer,
    /** A page's HTML, checked to answer 200. */
    async get(p: string, headers: Record<string, string> = {}): Promise<string> {
      const res = await fetch(`${site.server.url}${p}`, { headers });
      expect({ p, status: res.status }).toEqual({ p, status: 200 });
      return res.text();
    },
    /** The administrator's session (a Cookie header), signed in as a browser on the site would. */
    signIn: () => signIn(site.server.url, site.server.url, admin),
  };

  beforeAll(async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    if (pgUrl) {
      scratch = await createScratchDatabase(pgUrl, name.replaceAll("-", "_"));
      env.DATABASE_URL = scratch.url;
      env.AUTH_SECRET = `${name}-test-secret-0123456789`;
    }
    site.server = await startServer(env, 180_000);
  }, 200_000);

  afterAll(async () => {
    await site.server?.stop();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return site;
}
