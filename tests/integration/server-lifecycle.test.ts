import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "~db/client";
import { locations, newsletterSubscriptions, users } from "~db/schema";
import { DEMO_LOCATIONS } from "~db/seed/demo-data";
import { runServerExpectingFailure, startServer } from "../helpers/server-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
const pgUrl = process.env.TEST_DATABASE_URL;
let pgDbName: string | undefined;

/** The same server, on PGlite in a fresh DATA_DIR, or on a fresh Postgres database when TEST_DATABASE_URL is set. */
async function databaseEnv(): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: "loopback" };
  if (!pgUrl) return env;
  if (!pgDbName) {
    pgDbName = `lifecycle_${randomBytes(4).toString("hex")}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`CREATE DATABASE ${pgDbName}`);
    await c.end();
  }
  const u = new URL(pgUrl);
  u.pathname = `/${pgDbName}`;
  return { ...env, DATABASE_URL: u.toString(), AUTH_SECRET: "lifecycle-test-auth-secret-0123456789" };
}

async function openDirect(env: Record<string, string>): Promise<DatabaseHandle> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(path.join(dataDir, "pglite"));
}

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl && pgDbName) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${pgDbName} WITH (FORCE)`);
    await c.end();
  }
});

describe("server lifecycle", () => {
  it("starts on an empty data folder, serves seeded pages, keeps every acknowledged write across SIGTERM, and never seeds twice", async () => {
    const env = {
      ...(await databaseEnv()),
      ADMIN_EMAIL: "owner@example.org",
      ADMIN_PASSWORD: "a-long-enough-password",
      METRICS_TOKEN: "metrics-token-for-the-test",
    };
    const started = Date.now();
    const first = await startServer(env);
    expect(Date.now() - started).toBeLessThan(60_000);

    const home = await fetch(`${first.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Connecting permaculture educators and learners worldwide.");
    const hyphenated = DEMO_LOCATIONS.find((l) => l.name.includes(" "));
    if (!hyphenated) throw new Error("demo data has no multi-word name");
    const slug = hyphenated.name.replaceAll(" ", "-");
    const page = await fetch(`${first.url}/location/${encodeURIComponent(slug)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(hyphenated.name.replaceAll("'", "&#x27;"));
    expect((await fetch(`${first.url}/location/No-Such-Place-Here`)).status).toBe(404);
    // Liveness answers at once; readiness once the map index is built (a load balancer's signal to send traffic).
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await expect
      .poll(async () => (await fetch(`${first.url}/readyz`)).status, { timeout: 60_000, interval: 250 })
      .toBe(200);
    // Prometheus metrics, for a scraper presenting the token only.
    expect((await fetch(`${first.url}/metrics`)).status).toBe(401);
    const metrics = await fetch(`${first.url}/metrics`, {
      headers: { Authorization: "Bearer metrics-token-for-the-test" },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/"[^}]*status="200"/);
    expect(text).toContain("nodejs_eventloop_lag_p99_seconds");
    expect(text).toMatch(/render_cache_requests\{outcome="miss"\}/);
    expect(text).toMatch(/mail_messages\{status="held"\}/);
    expect(text).toMatch(/content_version\{entity="locations"\}/);

    // 50 concurrent writes, interrupted by SIGTERM while they are in flight.
    const emails = Array.from({ length: 50 }, (_, i) => `writer${i}-${randomBytes(3).toString("hex")}@example.org`);
    const writes = emails.map((email, i) =>
      fetch(`${first.url}/api/newsletter`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          origin: first.url,
          "x-forwarded-for": `10.1.${Math.floor(i / 200)}.${i % 200}`,
        },
        body: JSON.stringify({ email }),
      })
        .then(async (r) => ({ email, ok: r.status === 200 && ((await r.json()) as { ok?: boolean }).ok === true }))
        .catch(() => ({ email, ok: false })),
    );
    await new Promise((r) => setTimeout(r, 30));
    const exitCode = await first.stop("SIGTERM");
    const results = await Promise.all(writes);
    expect(exitCode).toBe(0);
    const acknowledged = results.filter((r) => r.ok).map((r) => r.email);
    // Some writes must have been acknowledged, or this proves nothing.
    expect(acknowledged.length).toBeGreaterThan(0);
    console.info(`${acknowledged.length} of 50 writes acknowledged before shutdown`);

    // Restart on the same data: it comes back, and the seed is not applied again.
    const second = await startServer(env);
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(await second.stop("SIGTERM")).toBe(0);

    const db = await openDirect(env);
    try {
      const [{ n } = { n: -1 }] = await db.db.select({ n: count() }).from(locations);
      expect(n).toBe(DEMO_LOCATIONS.length);
      const admins = await db.db.select({ email: users.email, role: users.role }).from(users);
      expect(admins).toEqual([{ email: "owner@example.org", role: "ADMIN" }]);
      {
        const stored = await db.db
          .select({ email: newsletterSubscriptions.email })
          .from(newsletterSubscriptions)
          .where(inArray(newsletterSubscriptions.email, acknowledged));
        expect(stored.map((s) => s.email).sort()).toEqual([...acknowledged].sort());
      }
    } finally {
      await db.close();
    }
  }, 240_000);
});

describe("bad configuration fails fast with one clear line", () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ["PORT=abc", { PORT: "abc" }, /^Error: Invalid PORT \("abc"\): expected a whole number between 1 and 65535\.$/],
    [
      "an unreachable DATABASE_URL",
      { DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/none", AUTH_SECRET: "x".repeat(32) },
      /^Error: Cannot connect to DATABASE_URL \(postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/none\)/,
    ],
    [
      "DATABASE_URL without AUTH_SECRET (instances would each make their own)",
      { DATABASE_URL: "postgres://nobody:pw@127.0.0.1:1/none" },
      /^Error: AUTH_SECRET is required when DATABASE_URL is set: every instance on one database must share it/,
    ],
    ["a DATABASE_URL that is not a Postgres URL", { DATABASE_URL: "mysql://x" }, /^Error: Invalid DATABASE_URL/],
    [
      "a short ADMIN_PASSWORD",
      { ADMIN_EMAIL: "a@example.org", ADMIN_PASSWORD: "short" },
      /^Error: Invalid ADMIN_PASSWORD.*at least 12 characters/,
    ],
    ["SEED=maybe", { SEED: "maybe" }, /^Error: Invalid SEED \("maybe"\): expected either 'demo' or 'none'\.$/],
    ["SITE_URL without a scheme", { SITE_URL: "example.org" }, /^Error: Invalid SITE_URL/],
    [
      "a MAP_STYLE_URL over plain http",
      { MAP_STYLE_URL: "http://tiles.example.org/style.json" },
      /^Error: Invalid MAP_STYLE_URL \("http:\/\/tiles\.example\.org\/style\.json"\): expected an https:\/\/ URL of a MapLibre style/,
    ],
    [
      "a MAP_PMTILES_PATH that is not there",
      { MAP_PMTILES_PATH: "/nowhere/world.pmtiles" },
      /^Error: Invalid MAP_PMTILES_PATH \("\/nowhere\/world\.pmtiles"\): expected a \.pmtiles file this process can read\.$/,
    ],
    [
      "STORAGE_MAX_UPLOAD_BYTES=lots",
      { STORAGE_MAX_UPLOAD_BYTES: "lots" },
      /^Error: Invalid STORAGE_MAX_UPLOAD_BYTES \("lots"\): expected a positive whole number\.$/,
    ],
  ];
  for (const [label, env, pattern] of cases) {
    it(`${label}: exits non-zero with a single message and no stack trace`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "badcfg-"));
      try {
        const r = await runServerExpectingFailure({ DATA_DIR: dir, PORT: "0", ...env });
        expect(r.code).not.toBe(0);
        const lines = r.stderr.trim().split("\n");
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(pattern);
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(r.stderr + r.stdout).not.toContain("secret");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
