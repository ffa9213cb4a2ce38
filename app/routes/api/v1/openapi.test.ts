/**
 * The read API's contract (decision 074): every operation is called on the real route modules, found as the app finds
 * them (app/routes.ts), over a real database with the demo data, and each answer's status, content type, headers and
 * body are checked against the OpenAPI document the API serves. An answer the document does not describe fails, and so
 * does an operation or a documented status no request here reached. The document also lints clean under Redocly's
 * recommended rules.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { eq } from "drizzle-orm";
import { type AppLoadContext, matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_SAFETY_LAG_MS } from "~/queries/open-data.server";
import routes from "~/routes";
import { ENTRY_KINDS } from "~/services/entries/registry.server";
import { changeMakers, focusAreas, locations, podcastEpisodes, programs, regions, resources } from "~db/schema";
import { seedDemo } from "~db/seed/seed";
import { adminHarnessForFile } from "~tests/helpers/admin-context";

const h = adminHarnessForFile();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "api-v1-openapi-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// --- The app's own routes under /api/v1 ----------------------------------------------------------------------------

type Flat = { path: string; file: string };
function flatten(entries: RouteConfigEntry[], base = ""): Flat[] {
  return entries.flatMap((e) => {
    const full = [base, e.path ?? ""].filter(Boolean).join("/");
    return [...(e.path !== undefined ? [{ path: full, file: e.file }] : []), ...flatten(e.children ?? [], full)];
  });
}
const API_ROUTES = flatten(routes as RouteConfigEntry[]).filter((r) => r.path.startsWith("api/v1/"));
const ROUTE_OBJECTS = API_ROUTES.map((r) => ({ id: r.file, path: `/${r.path}` }));

type RouteModule = { loader: (args: unknown) => Promise<Response> | Response };
const modules = new Map<string, RouteModule>();
async function moduleFor(file: string): Promise<RouteModule> {
  let mod = modules.get(file);
  if (!mod) {
    mod = (await import(path.resolve(import.meta.dirname, "../../..", file))) as RouteModule;
    modules.set(file, mod);
  }
  return mod;
}

let rateLimit = 100_000;
/** The site's address, when a test serves the API as a deployed site would (the harness's is localhost). */
let siteUrl: string | undefined;
function context(ip: string): AppLoadContext {
  const services = h.context.services;
  const config = { ...services.config, apiRateLimit: rateLimit, siteUrl: siteUrl ?? services.config.siteUrl };
  return {
    ...h.context,
    clientIp: ip,
    services: { ...services, config },
  } as unknown as AppLoadContext;
}

/** A GET (or another method) as a client sends it, answered by the route app/routes.ts gives its path. */
async function get(address: string, headers: HeadersInit = {}, ip = "198.51.100.7", method = "GET") {
  const url = new URL(address, "http://localhost");
  const [match] = matchRoutes(ROUTE_OBJECTS, url.pathname)?.slice(-1) ?? [];
  if (!match) throw new Error(`no route answers ${url.pathname}`);
  const mod = await moduleFor(match.route.id);
  const request = new Request(url, { headers, method });
  return (await mod.loader({ request, context: context(ip), params: match.params })) as Response;
}

// --- The document and what validates against it -------------------------------------------------------------------

type Json = Record<string, unknown>;
let doc: Json & { paths: Record<string, Record<string, Json>>; components: Json };
let ajv: Ajv2020;

const resolve = (value: unknown): Json => {
  const r = (value as { $ref?: string })?.$ref;
  if (!r) return value as Json;
  return r
    .slice(2)
    .split("/")
    .reduce<Json>((node, key) => node[key.replace(/~1/g, "/").replace(/~0/g, "~")] as Json, doc);
};
const pointer = (...parts: string[]) =>
  `openapi.json#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

/** The documented path a request's path is an instance of, or undefined. */
function templateOf(pathname: string): string | undefined {
  const rest = pathname.replace(/^\/api\/v1/, "");
  return Object.keys(doc.paths).find((t) =>
    new RegExp(`^${t.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(rest),
  );
}

/** Each operation's statuses seen, as `GET /places 200`. */
const seen = new Set<string>();

/**
 * Checks an answer against the document: its path and status are documented, its Content-Type is the documented
 * media type, its documented headers are present and valid, and its body matches the schema. Returns the body.
 */
async function conforms(address: string, res: Response): Promise<unknown> {
  const url = new URL(address, "http://localhost");
  const template = templateOf(url.pathname);
  expect(template, `${url.pathname} is not in the document`).toBeDefined();
  const op = doc.paths[template as string]?.get as Json;
  expect(op, `GET ${template} is not in the document`).toBeDefined();
  const responses = op.responses as Record<string, unknown>;
  expect(Object.keys(responses), `GET ${template} answered ${res.status}, which is not documented`).toContain(
    String(res.status),
  );
  seen.add(`GET ${template} ${res.status}`);
  const spec = resolve(responses[String(res.status)]);

  for (const [name, value] of Object.entries((spec.headers ?? {}) as Json)) {
    const header = resolve(value) as { required?: boolean; schema: Json };
    const got = res.headers.get(name);
    if (header.required) expect(got, `${template} ${res.status} lacks ${name}`).not.toBeNull();
    if (got !== null) {
      const ok = ajv.validate(header.schema, got);
      expect(ok, `${name}: ${got} ${ajv.errorsText()}`).toBe(true);
    }
  }

  const text = await res.text();
  const content = spec.content as Record<string, { schema: Json }> | undefined;
  if (!content) {
    expect(text, `${template} ${res.status} has no documented body`).toBe("");
    return undefined;
  }
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
  expect(Object.keys(content), `${template} ${res.status} answered ${type}`).toContain(type);
  const body = type.endsWith("json") ? JSON.parse(text) : text;
  const raw = responses[String(res.status)] as { $ref?: string };
  const escaped = type.replace(/~/g, "~0").replace(/\//g, "~1");
  const schemaRef = raw.$ref
    ? `openapi.json${raw.$ref}/content/${escaped}/schema`
    : pointer("paths", template as string, "get", "responses", String(res.status), "content", type, "schema");
  const ok = ajv.validate({ $ref: schemaRef }, body);
  expect(ok, `${address} → ${res.status}: ${ajv.errorsText(ajv.errors, { separator: "\n" })}`).toBe(true);
  return body;
}

/** A GET checked against the document; its body. */
async function call(address: string, headers: HeadersInit = {}, ip?: string) {
  const res = await get(address, headers, ip);
  const status = res.status;
  const etag = res.headers.get("ETag");
  const link = res.headers.get("Link");
  const body = await conforms(address, res);
  return { status, etag, link, body: body as Json };
}

const idOf = async (table: typeof locations | typeof programs | typeof changeMakers | typeof resources) =>
  (await h.t.db.select({ id: table.id }).from(table).where(eq(table.status, "published")).limit(1))[0]?.id as string;

/** A published entry's id in each collection with single entries. */
async function entryIds(): Promise<Record<string, string>> {
  return {
    places: await idOf(locations),
    programs: await idOf(programs),
    "change-makers": await idOf(changeMakers),
    resources: await idOf(resources),
    episodes: (await h.t.db.select({ id: podcastEpisodes.id }).from(podcastEpisodes).limit(1))[0]?.id as string,
  };
}

/** A good address of every documented operation that may answer `status`, taken from the document itself. */
async function addressesAnswering(status: string): Promise<string[]> {
  const ids = await entryIds();
  return Object.entries(doc.paths)
    .filter(([, item]) => Object.hasOwn((item.get as Json).responses as Json, status))
    .map(([p]) => `/api/v1${p.replace(/^\/([^/]+)\/\{id\}$/, (_, c: string) => `/${c}/${ids[c]}`)}`);
}

beforeAll(async () => {
  await seedDemo(h.t.db as never, { mediaDir: path.join(work, "media"), mediaUrlPrefix: "/media" });
  const res = await get("/api/v1/openapi.json");
  expect(res.status).toBe(200);
  doc = JSON.parse(await res.clone().text());
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi.json");
  await conforms("/api/v1/openapi.json", res);
}, 120_000);

describe("the read API's OpenAPI document", () => {
  it("describes every route app/routes.ts has under /api/v1, and nothing it has not", () => {
    // The renderer's bundle is a file the reference page loads, not an operation of the API.
    const documented = new Set(Object.keys(doc.paths));
    const routed = API_ROUTES.filter((r) => r.file !== "routes/api/v1/docs-asset.ts");
    const collections = [...documented].filter((p) => !p.includes("{") && p !== "/openapi.json" && p !== "/docs");
    for (const r of routed) {
      const rest = `/${r.path.replace(/^api\/v1\//, "")}`;
      if (rest === "/:collection") expect(collections.length).toBeGreaterThan(5);
      else if (rest === "/:collection/:id")
        expect([...documented].filter((p) => p.endsWith("/{id}")).length).toBeGreaterThan(3);
      else expect(documented, `${rest} is not in the document`).toContain(rest);
    }
    // Every documented path is answered by one of those routes.
    for (const p of documented) {
      const sample = p.replace("{id}", "00000000-0000-4000-8000-000000000000");
      expect(matchRoutes(ROUTE_OBJECTS, `/api/v1${sample}`), `${p} has no route`).not.toBeNull();
    }
  });

  it("lints with no errors and no warnings under Redocly CLI's recommended rules", async () => {
    // As a deployed site serves it: the rule no-server-example.com rightly warns of a localhost server.
    siteUrl = "https://permaculture-network.org";
    const res = await get("/api/v1/openapi.json");
    siteUrl = undefined;
    const file = path.join(work, "openapi.json");
    fs.writeFileSync(file, await res.text());
    const bin = path.resolve(import.meta.dirname, "../../../../node_modules/.bin/redocly");
    const { stdout } = await promisify(execFile)(
      bin,
      ["lint", "--extends=recommended", "--format=json", file],
      // Offline: no usage report, no update check.
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" } },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    const report = JSON.parse(stdout) as { totals: Json; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("refuses an answer it does not describe: a list's place with an e-mail address, a tombstone with a name", () => {
    const schema = { $ref: "openapi.json#/components/schemas/PlacesPage/properties/features/items" };
    const place = {
      type: "Feature",
      id: "00000000-0000-4000-8000-000000000000",
      geometry: { type: "Point", coordinates: [10, 50] },
      properties: {
        name: "A farm",
        short_description: "",
        long_description: "",
        language: "en",
        url: "https://permaculture-network.org/locations/a-farm",
        updated_at: "2026-11-27T10:00:00Z",
        country: null,
        country_code: null,
        region: null,
        sub_region: null,
        city: null,
        state: null,
        website: null,
        image: null,
        focus_areas: [],
        marker_type: "standard",
      },
    };
    expect(ajv.validate(schema, place), ajv.errorsText()).toBe(true);
    expect(ajv.validate(schema, { ...place, properties: { ...place.properties, email: "a@b.org" } })).toBe(false);
    expect(ajv.validate(schema, { ...place, geometry: { type: "Point", coordinates: [50, 100] } })).toBe(false);
    const tombstone = { ...place, geometry: null, properties: { deleted: true, updated_at: "2026-11-27T10:00:00Z" } };
    expect(ajv.validate(schema, { ...tombstone, properties: { ...tombstone.properties, merged_into: null } })).toBe(
      true,
    );
    expect(ajv.validate(schema, tombstone)).toBe(false);
  });

  it("states the site's address, the data licence staff chose and the parameters' limits", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect((doc.servers as { url: string }[])[0]?.url).toBe(`${h.context.services.config.siteUrl}/api/v1`);
    expect(doc.info).toMatchObject({ license: { identifier: "CC-BY-4.0" } });
    const limit = (doc.components.parameters as Record<string, Json>).limitParam;
    expect(limit).toMatchObject({ name: "limit", schema: { minimum: 1, maximum: 1000, default: 100 } });
  });
});

describe("every answer of the read API matches its document", () => {
  it("collections: pages, filters, languages and the next page", async () => {
    const region = (await h.t.db.select().from(regions).limit(1))[0];
    const focus = (await h.t.db.select().from(focusAreas).limit(1))[0];
    const place = await idOf(locations);
    for (const address of [
      "/api/v1/places",
      "/api/v1/places?limit=2&lang=fr",
      "/api/v1/places?bbox=-180,-90,180,90&limit=5",
      "/api/v1/places?q=farm&limit=3",
      `/api/v1/places?region=${region?.key}&country=us&category=agriculture`,
      `/api/v1/places?focus=${focus?.id}`,
      "/api/v1/programs?limit=3",
      `/api/v1/programs?from=2020-01-01&to=2030-12-31&place=${place}`,
      "/api/v1/change-makers?lang=es",
      "/api/v1/resources",
      "/api/v1/episodes?lang=de",
      "/api/v1/regions",
      "/api/v1/focus-areas?lang=pt",
      "/api/v1/categories",
    ]) {
      const { status } = await call(address);
      expect(status, address).toBe(200);
    }
    // The next page, by the link the first one gives.
    const first = await call("/api/v1/places?limit=1");
    const next = (first.body.links as { rel: string; href: string }[]).find((l) => l.rel === "next");
    expect(next).toBeDefined();
    expect((await call(new URL(next?.href ?? "").pathname + new URL(next?.href ?? "").search)).status).toBe(200);
  });

  it("single entries with their contact fields, and 404 for an id no entry had", async () => {
    const ids = await entryIds();
    for (const [collection, id] of Object.entries(ids)) {
      expect((await call(`/api/v1/${collection}/${id}`)).status).toBe(200);
      expect((await call(`/api/v1/${collection}/${id}?lang=fr`)).status).toBe(200);
      expect((await call(`/api/v1/${collection}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await call(`/api/v1/${collection}/${id}?lang=xx`)).status).toBe(400);
    }
    const place = await call(`/api/v1/places/${ids.places}`);
    expect(Object.keys((place.body as { properties: Json }).properties)).toContain("email");
  });

  it("a 304 for a matching If-None-Match on every operation that tags its answer", async () => {
    for (const address of await addressesAnswering("304")) {
      const { etag } = await call(address);
      expect(etag, address).toBeTruthy();
      const again = await call(address, { "If-None-Match": etag ?? "" });
      expect(again.status, address).toBe(304);
    }
  });

  it("problem details for each bad parameter, naming it", async () => {
    // Each address with the parameter its problem's detail must name.
    const bad: [address: string, parameter: string][] = [
      ["/api/v1/places?limit=0", "limit"],
      ["/api/v1/places?limit=1001", "limit"],
      ["/api/v1/places?cursor=forged", "cursor"],
      ["/api/v1/places?updated_since=yesterday", "updated_since"],
      ["/api/v1/places?bbox=1,2,3", "bbox"],
      ["/api/v1/places?lang=xx", "lang"],
      ["/api/v1/places?country=ZZZ", "country"],
      ["/api/v1/programs?from=2026-13-01", "from"],
      ["/api/v1/change-makers?limit=a", "limit"],
      ["/api/v1/resources?q=not-here", "q"],
      ["/api/v1/episodes?limit=1&limit=2", "limit"],
      ["/api/v1/regions?lang=xx", "lang"],
      ["/api/v1/focus-areas?x=1", "x"],
      ["/api/v1/categories?lang=%00", "lang"],
      ["/api/v1/openapi.json?x=1", "x"],
      ["/api/v1/docs?x=1", "x"],
    ];
    for (const [address, parameter] of bad) {
      const { status, body } = await call(address);
      expect(status, address).toBe(400);
      expect(body.detail, address).toContain(`"${parameter}"`);
    }
  });

  it("a 429 with Retry-After on every counted operation once an address spent its budget", async () => {
    rateLimit = 1;
    try {
      const ip = "203.0.113.99";
      await get("/api/v1/regions", {}, ip);
      for (const address of await addressesAnswering("429")) {
        const { status } = await call(address, {}, ip);
        expect(status, address).toBe(429);
      }
    } finally {
      rateLimit = 100_000;
    }
  });

  it("tombstones: a 410 for a removed entry and a tombstone in the changes since before it", async () => {
    const before = new Date(Date.now() - 60_000).toISOString();
    const removed: Record<string, string> = {};
    for (const [collection, kind, table] of [
      ["places", "location", locations],
      ["programs", "program", programs],
      ["change-makers", "change-maker", changeMakers],
      ["resources", "resource", resources],
    ] as const) {
      const id = await idOf(table);
      expect(await ENTRY_KINDS[kind].remove(h.t.db, id)).toBe(true);
      removed[collection] = id;
    }
    const episode = (await h.t.db.select({ id: podcastEpisodes.id }).from(podcastEpisodes).limit(1))[0]?.id as string;
    await h.t.db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, episode));
    removed.episodes = episode;
    // Changes are listed once they are older than the change clock's safety lag.
    await new Promise((r) => setTimeout(r, CHANGE_SAFETY_LAG_MS + 200));

    for (const [collection, id] of Object.entries(removed)) {
      const gone = await call(`/api/v1/${collection}/${id}`);
      expect(gone.status, collection).toBe(410);
      const changes = await call(`/api/v1/${collection}?updated_since=${encodeURIComponent(before)}&limit=1000`);
      expect(changes.status).toBe(200);
      const items = (changes.body.features ?? changes.body.data) as Json[];
      const tombstone = items.find((i) => i.id === id);
      expect(tombstone, collection).toBeDefined();
      expect(JSON.stringify(tombstone)).toContain('"deleted":true');
    }
  });

  it("the reference page and its renderer", async () => {
    const page = await call("/api/v1/docs");
    expect(page.status).toBe(200);
    const html = page.body as unknown as string;
    expect(html).toContain('href="/open-data"');
    const script = html.match(/<script src="([^"]+)"/)?.[1] ?? "";
    const bundle = await get(script);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("Content-Type")).toContain("javascript");
    expect(bundle.headers.get("Cache-Control")).toContain("immutable");
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    expect((await get("/api/v1/docs/other.js")).status).toBe(404);
    // A script on another site may read the document: its preflight is answered as the API's are.
    const preflight = await get("/api/v1/openapi.json", { Origin: "https://elsewhere.example" }, undefined, "OPTIONS");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });
});

describe("the contract's reach", () => {
  it("reached every documented status of every operation", () => {
    const documented = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys((item.get as Json).responses as Json).map((s) => `GET ${p} ${s}`),
    );
    expect(documented.filter((d) => !seen.has(d))).toEqual([]);
  });
});
