import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "~db/schema";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { ANALYTICS_RATE_PER_MINUTE, countryOf, createAnalyticsIngest, deviceOf } from "./analytics";

let base: string;
let server: ReturnType<express.Express["listen"]>;
let ingest: ReturnType<typeof createAnalyticsIngest>;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const t = testDatabaseForFile({ reference: false });

beforeAll(async () => {
  ingest = createAnalyticsIngest({
    db: t.db,
    siteUrl: "https://permaculture.example",
    hashSecret: "s".repeat(40),
    flushMs: 1e9,
  });
  const app = express();
  // The test's requests come from 127.0.0.1, standing for a reverse proxy on the same host (TRUST_PROXY=loopback):
  // the address in their X-Forwarded-For is the visitor's.
  app.set("trust proxy", "loopback");
  app.use(ingest.router);
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await ingest.close();
});

function send(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/api/analytics`, {
    method: "POST",
    headers: { "content-type": "text/plain", "user-agent": BROWSER, "x-forwarded-for": "203.0.113.7", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("analytics ingestion", () => {
  it("stores the three event kinds from the production hostname, without cookies or raw addresses", async () => {
    const host = "permaculture.example";
    expect(
      (
        await send({
          kind: "page_view",
          path: "/locations?region=Europe",
          title: "Locations",
          hostname: host,
          referrer: "https://search.example/?q=x",
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await send({
          kind: "user_interaction",
          category: "map",
          action: "zoom",
          label: "in",
          value: 3,
          path: "/map",
          hostname: host,
        })
      ).status,
    ).toBe(204);
    const form = await send({ kind: "form_submission", formName: "newsletter", path: "/", hostname: host });
    expect(form.status).toBe(204);
    expect(form.headers.get("set-cookie")).toBeNull();
    await ingest.flush();
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows.map((r) => r.kind).sort()).toEqual(["form_submission", "page_view", "user_interaction"]);
    const view = rows.find((r) => r.kind === "page_view");
    expect(view?.path).toBe("/locations");
    expect(view?.referrer).toBe("search.example");
    expect(view?.device).toBe("desktop");
    for (const r of rows) {
      expect(r.visitorHash).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(r)).not.toContain("203.0.113.7");
    }
    // Same visitor, same day: same hash.
    expect(new Set(rows.map((r) => r.visitorHash)).size).toBe(1);
  });

  it("ignores events from another hostname and from bots", async () => {
    const before = (await t.db.select().from(analyticsEvents)).length;
    expect((await send({ kind: "page_view", path: "/", hostname: "localhost" })).status).toBe(202);
    expect(
      (
        await send(
          { kind: "page_view", path: "/", hostname: "permaculture.example" },
          { origin: "https://evil.example" },
        )
      ).status,
    ).toBe(202);
    expect(
      (
        await send(
          { kind: "page_view", path: "/", hostname: "permaculture.example" },
          { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
        )
      ).status,
    ).toBe(202);
    // Staff working in the admin area are not visitors.
    for (const path of ["/admin", "/admin/dashboard/analytics", "/ADMIN/login"]) {
      expect((await send({ kind: "page_view", path, hostname: "permaculture.example" })).status).toBe(202);
    }
    await ingest.flush();
    expect((await t.db.select().from(analyticsEvents)).length).toBe(before);
    // A public path that merely starts with the same letters still counts.
    expect(
      (await send({ kind: "page_view", path: "/administration-course", hostname: "permaculture.example" })).status,
    ).toBe(204);
    await ingest.flush();
    expect((await t.db.select().from(analyticsEvents)).length).toBe(before + 1);
  });

  it("answers bad input with a clear 4xx", async () => {
    expect((await send("not json")).status).toBe(400);
    expect((await send({ kind: "page_view", path: "no-slash", hostname: "permaculture.example" })).status).toBe(400);
    expect((await send({ kind: "unknown", path: "/", hostname: "permaculture.example" })).status).toBe(400);
    expect(
      (await send({ kind: "page_view", path: `/${"x".repeat(5000)}`, hostname: "permaculture.example" })).status,
    ).toBe(413);
  });

  it("stores an interaction's category, action, label and value, and a form's name", async () => {
    const host = "permaculture.example";
    const interaction = {
      kind: "user_interaction",
      category: "podcast",
      action: "play",
      label: "Episode 3: Soil: the living layer",
      value: 3,
      path: "/podcast",
      hostname: host,
    };
    expect((await send(interaction, { "x-forwarded-for": "203.0.113.21" })).status).toBe(204);
    const form = { kind: "form_submission", formName: "suggest-place", path: "/suggest-a-place", hostname: host };
    expect((await send(form, { "x-forwarded-for": "203.0.113.21" })).status).toBe(204);
    await ingest.flush();
    const rows = await t.db.select().from(analyticsEvents);
    expect(rows.find((r) => r.category === "podcast")).toMatchObject({
      kind: "user_interaction",
      action: "play",
      label: "Episode 3: Soil: the living layer",
      value: 3,
      path: "/podcast",
      formName: null,
    });
    expect(rows.find((r) => r.formName === "suggest-place")).toMatchObject({ kind: "form_submission", label: null });
  });

  it("refuses an interaction or form name that does not fit, with 400 and a message, and stores nothing", async () => {
    const before = (await t.db.select().from(analyticsEvents)).length;
    const base = {
      kind: "user_interaction",
      category: "map",
      action: "filter",
      path: "/map",
      hostname: "permaculture.example",
    };
    const refused: [string, unknown][] = [
      ["no action", { ...base, action: undefined }],
      ["an empty category", { ...base, category: "  " }],
      ["free text as a category", { ...base, category: "Map <b>filters</b>" }],
      ["a value that is not a number", { ...base, value: "3" }],
      ["an endless value", { ...base, value: 1e300 }],
      ["a label over 200 characters", { ...base, label: "x".repeat(201) }],
      ["a label with a line break", { ...base, label: "a\nb" }],
      [
        "a page's address as a form's name",
        { kind: "form_submission", formName: "/newsletter", path: "/", hostname: "permaculture.example" },
      ],
      ["no form name", { kind: "form_submission", path: "/", hostname: "permaculture.example" }],
    ];
    for (const [what, body] of refused) {
      const res = await send(body, { "x-forwarded-for": "203.0.113.22" });
      expect(res.status, what).toBe(400);
      expect((await res.json()).error, what).toMatch(/\w/);
    }
    await ingest.flush();
    expect((await t.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it("rate-limits one client", async () => {
    const headers = { "x-forwarded-for": "198.51.100.9" };
    const statuses: number[] = [];
    const retryAfter: number[] = [];
    // The window is a fixed minute: crossing one boundary resets the count once, so twice the limit plus one must
    // be refused at least once.
    for (let i = 0; i < 2 * ANALYTICS_RATE_PER_MINUTE + 2; i++) {
      const res = await send({ kind: "page_view", path: "/", hostname: "other.example" }, headers);
      statuses.push(res.status);
      if (res.status === 429) retryAfter.push(Number(res.headers.get("retry-after")));
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    // Every refusal says when to come back (within the minute's window).
    expect(retryAfter.every((s) => s >= 1 && s <= 60)).toBe(true);
  });

  it("believes a proxy's country header only when the connection comes from a trusted proxy", async () => {
    // One server answering what countryOf reads, under two TRUST_PROXY settings: the test's connection (127.0.0.1)
    // is the trusted proxy in the first, and a visitor talking to the server directly in the second.
    const answer = async (trust: string | number | false, headers: Record<string, string>) => {
      const app = express();
      app.set("trust proxy", trust);
      app.get("/country", (req, res) => {
        res.json({ country: countryOf(req) });
      });
      const srv = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      try {
        const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/country`, { headers });
        return ((await res.json()) as { country: string | null }).country;
      } finally {
        srv.close();
      }
    };
    const viaProxy = { "x-forwarded-for": "203.0.113.7", "cf-ipcountry": "PT", "accept-language": "de-AT,de" };
    expect(await answer("loopback", viaProxy)).toBe("PT");
    expect(await answer(1, viaProxy)).toBe("PT");
    // Not from a trusted proxy: the header is the visitor's own words; the language's region is used instead.
    expect(await answer("10.0.0.0/8", viaProxy)).toBe("AT");
    expect(await answer(false, viaProxy)).toBe("AT");
  });

  it("classifies devices", () => {
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148")).toBe("mobile");
    expect(deviceOf("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)")).toBe("tablet");
    expect(deviceOf(BROWSER)).toBe("desktop");
  });
});
