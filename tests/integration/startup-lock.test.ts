import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { locations, users } from "~db/schema";
import { DEMO_LOCATIONS } from "~db/seed/demo-data";
import { prepareServices } from "~server/boot";
import { loadConfig } from "~server/config";
import { createScratchDatabase } from "../helpers/scratch-postgres";

const pgUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

afterAll(async () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await scratch?.drop();
});

// Two instances started at the same moment on a new Postgres database (the embedded database has one process).
describe.skipIf(!pgUrl)("instances starting together on an empty database", () => {
  it("both start; migrations, the demo seed and the admin user happen exactly once", async () => {
    scratch = await createScratchDatabase(pgUrl ?? "", "startup");
    const u = new URL(scratch.url);
    const config = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "startup-"));
      dirs.push(dir);
      return loadConfig({
        DATA_DIR: dir,
        DATABASE_URL: u.toString(),
        AUTH_SECRET: "startup-lock-test-secret-0123456789abcdef",
        SEED: "demo",
        ADMIN_EMAIL: "owner@example.org",
        ADMIN_PASSWORD: "a long enough password",
      });
    };
    const logger = pino({ level: "silent" });
    const started = await Promise.allSettled([prepareServices(config(), logger), prepareServices(config(), logger)]);
    const reasons = started.flatMap((s) => (s.status === "rejected" ? [String(s.reason)] : []));
    expect(reasons).toEqual([]);
    const instances = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    try {
      for (const { services } of instances) {
        const [row] = await services.db.select({ n: count() }).from(locations);
        expect(row?.n).toBe(DEMO_LOCATIONS.length);
        const owners = await services.db.select().from(users).where(eq(users.email, "owner@example.org"));
        expect(owners).toHaveLength(1);
      }
    } finally {
      for (const { handle } of instances) await handle.close();
    }
  }, 240_000);
});
