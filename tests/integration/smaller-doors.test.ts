import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { dataDirFolder } from "~tests/helpers/data-dir";
import { type Field, scrapeForm } from "../helpers/html-forms";
import { decodeEntities } from "../helpers/page-text";
import { type RunningServer, signIn } from "../helpers/server-process";

// The smaller doors of the security review (issue 36), tried against the built server as an outsider (and a staff
// member) would: where the language switcher may send a browser, what a control character in an address does to the
// answer and the log, how many live-settings streams one address may hold, the status of a confirmation page, a
// revert that cannot be made, and the street-map archive read without (or with too large) a byte range.

const SITE = "https://permaculture.example";
const OWNER = { email: "owner@example.org", password: "a-long-enough-password" };
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const LANGS = ["en", "es", "pt", "fr", "de"] as const;

/** The street-map archive: a PMTiles header, then zeros (a sparse file), larger than any one range may be. */
const ARCHIVE_BYTES = 40 * 1024 * 1024;

const folder = dataDirFolder("smaller-doors-");
const archive = path.join(folder.work, "streets.pmtiles");
let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  const header = Buffer.alloc(127);
  header.write("PMTiles", 0, "ascii");
  header.writeUInt8(3, 7);
  fs.writeFileSync(archive, header);
  fs.truncateSync(archive, ARCHIVE_BYTES);
  server = await folder.start({
    SITE_URL: SITE,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    MAP_PMTILES_PATH: archive,
    LOG_LEVEL: "info",
  });
  cookie = await signIn(server.url, SITE, OWNER);
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(server.url + p, { redirect: "manual", headers });

const staffGet = async (p: string) => {
  const res = await get(p, { Cookie: cookie });
  expect(res.status, p).toBe(200);
  return res.text();
};

const post = (p: string, fields: [string, string][] | Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(server.url + p, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: SITE, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

/** The visible text of a page (tags and scripts out), to read what a visitor reads. */
const textOf = (html: string) =>
  decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/g, " ")
      .replace(/<style\b[\s\S]*?<\/style>/g, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();

const h1Of = (html: string) => textOf(html.match(/<h1\b[\s\S]*?<\/h1>/)?.[0] ?? "");

/** Where a browser goes with a redirect's Location (WHATWG URL parsing: tabs and newlines dropped, `\` as `/`). */
const browserTarget = (location: string) => new URL(location, SITE);

describe("the language switcher's redirect", () => {
  it("never leads a browser off the site, however the target is disguised", async () => {
    for (const to of [
      "/.//evil.example/x.html",
      "/a/..//evil.example/x.html",
      "/%2F%2Fevil.example/x.html",
      "/%5Cevil.example/x.html",
      "/\\/evil.example/x.html",
      "\\\\evil.example/x.html",
      " //evil.example/x.html",
      "https:evil.example/x.html",
    ]) {
      for (const lang of ["en", "es"]) {
        const res = await get(`/language/${lang}?to=${encodeURIComponent(to)}`);
        expect(res.status, to).toBe(302);
        const location = res.headers.get("location") ?? "";
        expect(browserTarget(location).origin, `${to} → ${location}`).toBe(SITE);
        // Not a page of the site: the chosen language's home.
        expect(location, to).toBe(lang === "en" ? "/" : `/${lang}`);
      }
    }
  });

  it("still leads to the same page in the chosen language, with its query", async () => {
    const res = await get(`/language/pt?to=${encodeURIComponent("/locations?region=Europe#list")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pt/locations?region=Europe");
  });

  it("refuses a target with a control character (tab, line feed, escape…) with 400, in the chosen language", async () => {
    const expected: Record<string, RegExp> = {
      en: /control character/,
      es: /carácter de control/,
      pt: /caractere de controle/,
      fr: /caractère de contrôle/,
      de: /Steuerzeichen/,
    };
    for (const raw of ["%09", "%0A", "%0D", "%01", "%1B", "%7F"]) {
      for (const lang of LANGS) {
        const res = await get(`/language/${lang}?to=/${raw}/evil.example/x.html`);
        expect(res.status, `${lang} ${raw}`).toBe(400);
        expect(res.headers.get("location"), raw).toBeNull();
        const body = await res.text();
        expect(body, `${lang} ${raw}`).toMatch(expected[lang] as RegExp);
        expect(body).not.toMatch(/at \S+ \(|TypeError|Error:/);
      }
    }
  });
});

describe("the server log", () => {
  it("stays one JSON object per line whatever a request carries: nothing can forge a line", async () => {
    const before = server.output().length;
    const forged = '{"level":60,"time":"2026-01-01T00:00:00.000Z","msg":"forged"}';
    const line = encodeURIComponent(`\n${forged}\n`);
    for (const p of [
      `/language/es?to=/${line}`,
      `/language/es?to=/x%0D%0A${encodeURIComponent(forged)}`,
      `/language/en?to=/${line}&to=/y`,
      `/location/${line}`,
      `/search?q=${line}`,
      `/es/locations?q=${line}&country=${line}`,
      `/api/search/suggest?q=${line}`,
      `/admin/dashboard/revisions/${line}/revert`,
      `/newsletter/confirm?token=${line}`,
      `/api/map/tiles.pmtiles?x=${line}`,
    ]) {
      const res = await get(p, { Referer: `${SITE}/${line}`, "User-Agent": `probe ${forged}` });
      expect(res.status, p).toBeLessThan(500);
      await res.arrayBuffer();
    }
    // A form post whose fields carry the same line.
    const form = await post("/suggest-a-place", { name: `\n${forged}\n`, comment: `\r\n${forged}` });
    expect(form.status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500));
    const logged = server
      .output()
      .slice(before)
      .split("\n")
      .filter((l) => l.trim() !== "");
    expect(logged.length).toBeGreaterThan(0);
    for (const l of logged) {
      let parsed: { msg?: unknown; level?: unknown } | undefined;
      expect(() => {
        parsed = JSON.parse(l);
      }, l).not.toThrow();
      expect(parsed?.msg, l).not.toBe("forged");
    }
  });
});

describe("the live settings stream", () => {
  it("takes a few streams per client address, refuses more with 429 and Retry-After, and takes one again once one closes", async () => {
    const open: AbortController[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const abort = new AbortController();
        const res = await fetch(`${server.url}/api/settings/stream`, { signal: abort.signal });
        expect(res.status, `stream ${i + 1}`).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        open.push(abort);
      }
      const refused = await get("/api/settings/stream");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(refused.headers.get("cache-control")).toContain("no-store");
      expect(await refused.text()).toMatch(/settings/i);

      // A page whose stream is refused follows the settings by asking for them now and then instead.
      const current = await get("/api/settings/current");
      expect(current.status).toBe(200);
      expect(current.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await current.json()) as { navigation: Record<string, boolean>; contactEmail: string };
      expect(body.navigation.about).toBe(true);
      expect(typeof body.contactEmail).toBe("string");

      open.shift()?.abort();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const abort = new AbortController();
        const res = await fetch(`${server.url}/api/settings/stream`, { signal: abort.signal });
        status = res.status;
        if (status === 200) open.push(abort);
        else await res.text();
      }
      expect(status).toBe(200);
    } finally {
      for (const a of open) a.abort();
    }
  });
});

/** Every link of messages in the admin Outbox that matches `pattern` (the first group), newest messages first. */
async function outboxLinks(pattern: RegExp): Promise<string[]> {
  const list = await staffGet("/admin/dashboard/outbox");
  const ids = [...new Set([...list.matchAll(/[?&]amp;id=([\w-]+)|[?&]id=([\w-]+)/g)].map((m) => m[1] ?? m[2]))];
  const found: string[] = [];
  for (const id of ids) {
    const page = decodeEntities(await staffGet(`/admin/dashboard/outbox?id=${id}`));
    for (const m of page.matchAll(pattern)) if (m[1] && !found.includes(m[1])) found.push(m[1]);
  }
  return found;
}

describe("confirmation pages", () => {
  it("a newsletter confirmation answers 200 in every language; a used or broken link 410", async () => {
    for (const lang of LANGS) {
      const res = await fetch(`${server.url}/api/newsletter`, {
        method: "POST",
        headers: { Origin: SITE, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: `confirm-${lang}@example.org`, language: lang }),
      });
      expect(res.status, lang).toBe(200);
    }
    // The confirmation mail is queued after the answer (the same work whether the address is known, issue 36):
    // wait until the five have reached the outbox.
    let tokens: string[] = [];
    for (const until = Date.now() + 15_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      tokens = await outboxLinks(/\/newsletter\/confirm\?token=([\w.-]+)/g);
      if (tokens.length >= LANGS.length) break;
    }
    expect(tokens.length).toBeGreaterThanOrEqual(LANGS.length);
    for (const [i, lang] of LANGS.entries()) {
      const token = tokens[i] as string;
      const page = `${lang === "en" ? "" : `/${lang}`}/newsletter/confirm`;
      const ask = await get(`${page}?token=${encodeURIComponent(token)}`);
      expect(ask.status, lang).toBe(200);
      await ask.text();
      const done = await post(page, { token });
      const html = await done.text();
      expect(done.status, `${lang}: ${h1Of(html)}`).toBe(200);
      expect(h1Of(html), lang).not.toMatch(/link|enlace|lien|Link/i);
      // Used: the link now says it was confirmed already, also a 200.
      const again = await get(`${page}?token=${encodeURIComponent(token)}`);
      expect(again.status, lang).toBe(200);
      await again.text();
      // A link that never worked says so with 410.
      const broken = await post(page, { token: `${token}x` });
      expect(broken.status, lang).toBe(410);
      await broken.text();
    }
  });

  it("an entry confirmation answers 200 in every language; a broken link 410", async () => {
    const list = await staffGet("/admin/dashboard/locations");
    const edits = [...new Set([...list.matchAll(new RegExp(`/admin/dashboard/edit/(${UUID})`, "g"))].map((m) => m[1]))];
    let asked = 0;
    for (const id of edits) {
      if (asked === LANGS.length) break;
      const screen = await staffGet(`/admin/dashboard/edit/${id}`);
      if (!screen.includes("Ask the contact to confirm now")) continue;
      const res = await post(`/admin/dashboard/edit/${id}/check`, {}, { Cookie: cookie });
      expect(res.status).toBe(302);
      asked += 1;
    }
    expect(asked).toBe(LANGS.length);
    const tokens = await outboxLinks(/\/entry\/confirm\?token=([\w.-]+)/g);
    expect(tokens.length).toBeGreaterThanOrEqual(LANGS.length);
    for (const [i, lang] of LANGS.entries()) {
      const token = tokens[i] as string;
      const page = `${lang === "en" ? "" : `/${lang}`}/entry/confirm`;
      const done = await post(page, { token });
      const html = await done.text();
      expect(done.status, `${lang}: ${h1Of(html)}`).toBe(200);
      expect(h1Of(html), lang).not.toMatch(/link|enlace|lien|Link/i);
      const broken = await post(page, { token: `${token}x` });
      expect(broken.status, lang).toBe(410);
      await broken.text();
    }
  });
});

describe("reverting a revision", () => {
  it("the revision that created an entry cannot be reverted: staff are told so, and the entry stays whole, even with an unreadable Referer", async () => {
    const add = scrapeForm(await staffGet("/admin/dashboard/add"), "shortDescription");
    const set = (fields: Field[], values: Record<string, string>): Field[] =>
      fields.map(([k, v]) => [k, k in values ? (values[k] as string) : v]);
    const name = "Revert Door Garden";
    const created = await post(
      "/admin/dashboard/add",
      set(add.fields, { name, shortDescription: "Terraces above the river", country: "Nepal" }),
      { Cookie: cookie },
    );
    expect(created.status, await created.clone().text()).toBe(302);
    const list = await staffGet(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
    const id = list.match(new RegExp(`/admin/dashboard/edit/(${UUID})`))?.[1];
    expect(id).toBeTruthy();
    // The History shows the revision that created the entry without a revert button.
    const screen = textOf(await staffGet(`/admin/dashboard/edit/${id}`));
    const revision = screen.match(/Revision (\d+)\s*,[^()]*\(creating the entry\)/)?.[1];
    expect(revision, screen).toBeTruthy();
    expect(screen).not.toContain(`Revert revision ${revision}`);

    // A page from before, or a script, posts the revert anyway (with a Referer a browser could never send).

    for (const referer of ["http://[", "not a url", `${SITE}/admin/dashboard/locations`]) {
      const res = await post(`/admin/dashboard/revisions/${revision}/revert`, {}, { Cookie: cookie, Referer: referer });
      expect(res.status, referer).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(location, referer).toBe(`/admin/dashboard/edit/${id}`);
      // The screen shows the reason as an error toast (carried by a one-time cookie, shown by the page's script).
      const toast = res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0] as string)
        .find((c) => c.startsWith("pc_toast="));
      const message = JSON.parse(decodeURIComponent(toast?.slice("pc_toast=".length) ?? "{}")) as Record<
        string,
        string
      >;
      expect(message, referer).toMatchObject({ type: "error" });
      expect(message.message).toContain("This revision created the entry, so it cannot be reverted");
      const page = await get(location, { Cookie: `${cookie}; ${toast}` });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("This revision created the entry, so it cannot be reverted");
    }
    const after = textOf(await staffGet(`/admin/dashboard/edit/${id}`));
    expect(after).toContain("Terraces above the river");
    // Nothing was written: the history still holds the one revision.
    expect(after.match(/Revision \d+\s*,/g)).toHaveLength(1);
  });
});

describe("the street-map archive", () => {
  const url = "/api/map/tiles.pmtiles";

  it("refuses a request without a byte range with 416 and the archive's size, as PMTiles readers expect", async () => {
    const res = await get(url);
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe(`bytes */${ARCHIVE_BYTES}`);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(1000);
  });

  it("serves the header range a PMTiles reader asks for first, and tiles at any offset", async () => {
    const first = await get(url, { Range: "bytes=0-16383" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-16383/${ARCHIVE_BYTES}`);
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBe(16384);
    expect(bytes.subarray(0, 7).toString("ascii")).toBe("PMTiles");
    const tail = await get(url, { Range: "bytes=-100" });
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(100);
    const mid = await get(url, { Range: `bytes=${ARCHIVE_BYTES - 3_000_000}-${ARCHIVE_BYTES - 1}` });
    expect(mid.status).toBe(206);
    expect((await mid.arrayBuffer()).byteLength).toBe(3_000_000);
  });

  it("refuses one range too large to be a tile or directory (10 GB, the whole file) with 416", async () => {
    for (const range of ["bytes=0-10737418239", "bytes=0-", `bytes=0-${ARCHIVE_BYTES - 1}`, "bytes=-30000000"]) {
      const res = await get(url, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range"), range).toBe(`bytes */${ARCHIVE_BYTES}`);
      expect((await res.arrayBuffer()).byteLength, range).toBeLessThan(1000);
    }
  });

  it("refuses ranges it would otherwise answer with the whole file: several, malformed, or a stale If-Range", async () => {
    for (const headers of [
      { Range: "bytes=0-1,100-200" } as Record<string, string>,
      { Range: "bytes=abc" },
      { Range: "items=0-10" },
      { Range: "bytes=0-10", "If-Range": '"an-old-version"' },
      { Range: "bytes=0-10", "If-Range": "Mon, 01 Jan 2001 00:00:00 GMT" },
    ]) {
      const res = await get(url, headers);
      expect(res.status, JSON.stringify(headers)).toBe(416);
      expect((await res.arrayBuffer()).byteLength).toBeLessThan(1000);
    }
  });

  it("keeps HEAD, ETag and revalidation working", async () => {
    const head = await fetch(server.url + url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(ARCHIVE_BYTES));
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    const etag = head.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    // (A Cache-Control of its own, as a browser revalidating sends: fetch would add `no-cache`, which forbids a 304.)
    const same = await get(url, { Range: "bytes=0-16383", "If-None-Match": etag, "Cache-Control": "max-age=0" });
    expect(same.status).toBe(304);
    const current = await get(url, { Range: "bytes=0-99", "If-Range": etag });
    expect(current.status).toBe(206);
    expect((await current.arrayBuffer()).byteLength).toBe(100);
  });
});
