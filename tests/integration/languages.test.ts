import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, localizedPath } from "~/lib/i18n/languages";
import { serverForFile } from "~tests/helpers/data-dir";

const server = serverForFile("languages-");
/** Every public page, with real addresses from the demo content for the detail pages. */
let pages: string[];

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { headers, redirect: "manual" });
const firstLink = (html: string, prefix: string) => html.match(new RegExp(`href="(${prefix}[^"?#]+)"`))?.[1] ?? "";

beforeAll(async () => {
  const location = firstLink(await (await get("/locations")).text(), "/location/");
  const program = firstLink(await (await get("/programs")).text(), "/program/");
  const changeMaker = firstLink(await (await get("/change-makers")).text(), "/change-makers/");
  const correction = firstLink(await (await get(location)).text(), "/suggest-a-correction/");
  for (const p of [location, program, changeMaker, correction]) expect(p).not.toBe("");
  pages = [
    "/",
    "/locations",
    location,
    "/resources",
    "/change-makers",
    changeMaker,
    "/programs",
    program,
    "/application",
    "/suggest-a-place",
    correction,
    "/podcast",
    "/about",
    "/newsletter",
    "/map",
    "/privacy",
    "/terms",
    "/search?q=soil",
  ];
}, 120_000);

/** The page's `<link rel="alternate" hreflang>` as "lang href" lines. */
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)].map((m) => `${m[1]} ${m[2]}`);

describe("every public page in every language", () => {
  it("answers 200 in its language, with its canonical address and every version named", async () => {
    // The server's SITE_URL names it localhost.
    const site = server.url.replace("127.0.0.1", "localhost");
    for (const page of pages) {
      const english = page.split("?", 1)[0] ?? page;
      const expected = [
        ...LANGUAGES.map((lang) => `${lang} ${site}${localizedPath(english, lang)}`),
        `x-default ${site}${english}`,
      ];
      for (const lang of LANGUAGES) {
        const address = localizedPath(page, lang);
        const res = await get(address);
        expect({ address, status: res.status }).toEqual({ address, status: 200 });
        const html = await res.text();
        expect({ address, lang: html.match(/<html lang="([^"]+)"/)?.[1] }).toEqual({ address, lang });
        if (page.startsWith("/search")) continue; // Result pages name /search as canonical (checked below).
        expect({ address, alternates: alternates(html) }).toEqual({ address, alternates: expected });
        const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
        expect({ address, canonical }).toEqual({ address, canonical: `${site}${localizedPath(english, lang)}` });
      }
    }
  }, 300_000);

  it("keeps a Spanish page's own links in Spanish", async () => {
    const html = await (await get("/es/locations")).text();
    const links = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map((m) => m[1] ?? "");
    const siteLinks = links.filter((l) => !/^\/(language|admin|api|media)\/|\.\w+($|\?)/.test(l));
    expect(siteLinks.length).toBeGreaterThan(20);
    expect(siteLinks.filter((l) => !l.startsWith("/es"))).toEqual([]);
  });

  it("leaves an unknown language prefix a 404 page in the shell, where no form is taken", async () => {
    // English has no prefix; anything else before a page's name is not a language either.
    for (const address of ["/xx/locations", "/xx", "/en", "/en/map", "/EN/locations", "/xx/location/any-place"]) {
      const res = await get(address);
      expect({ address, status: res.status }).toEqual({ address, status: 404 });
      const html = await res.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toMatch(/<h1[^>]*>Page not found/);
    }
    const missing = await get("/es/no-such-page");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<html lang="es"');
    // A page's name is never taken for a language: /map is the map, /es the Spanish home page.
    expect((await get("/map")).status).toBe(200);
    expect(await (await get("/es")).text()).toContain('<html lang="es"');

    // An application posted under an unknown prefix reaches no form (the not-found page takes no posts); the same
    // post to the Spanish page reaches the form, which answers with its own message. The same with JavaScript,
    // which sends forms to the page's data address.
    const post = (address: string) =>
      fetch(`${server.url}${address}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ name: "Prefix Test", email: "prefix@example.org" }),
        redirect: "manual",
      });
    for (const address of ["/xx/application", "/xx/application.data"]) {
      const refused = await post(address);
      expect({ address, status: refused.status }).toEqual({ address, status: 405 });
      expect(await refused.text()).not.toContain("formError");
    }
    const spanish = await post("/es/application");
    expect(spanish.status).toBe(400);
    expect(await spanish.text()).toContain('<html lang="es"');
    const scriptedSpanish = await post("/es/application.data");
    expect(scriptedSpanish.status).toBe(400);
    // The form's own answer (sent too quickly, with no form token), in Spanish.
    const answer = await scriptedSpanish.text();
    expect(answer).toContain("formError");
    expect(answer).toContain("formulario");
  });
});

describe("the language of /", () => {
  it("follows the browser's languages when no choice was made, and says it varies", async () => {
    const res = await get("/", { "accept-language": "pt-BR,pt;q=0.9,en;q=0.5" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pt");
    expect(res.headers.get("vary")).toMatch(/Accept-Language, Cookie/);
    const query = await get("/?near=1", { "accept-language": "de" });
    expect(query.headers.get("location")).toBe("/de?near=1");
    const english = await get("/", { "accept-language": "ja, en;q=0.3" });
    expect(english.status).toBe(200);
    expect(english.headers.get("vary")).toMatch(/Accept-Language/);
  });

  it("follows the remembered choice first, an explicit English included", async () => {
    const chosen = await get("/", { "accept-language": "de", cookie: "pc_lang=fr" });
    expect(chosen.headers.get("location")).toBe("/fr");
    const english = await get("/", { "accept-language": "de", cookie: "pc_lang=en" });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<html lang="en"');
  });

  it("is decided before a stored copy of / is served", async () => {
    for (let i = 0; i < 50; i++) {
      const res = await get("/");
      await res.arrayBuffer();
      if (res.headers.get("x-render-cache") === "hit") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const spanish = await get("/", { "accept-language": "es-MX" });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get("location")).toBe("/es");
  });

  it("leaves stored pages to visitors who carry only the language choice", async () => {
    let cached = false;
    for (let i = 0; i < 50 && !cached; i++) {
      const res = await get("/es/locations", { cookie: "pc_lang=es; other=1" });
      await res.arrayBuffer();
      cached = res.headers.get("x-render-cache") === "hit";
      if (!cached) await new Promise((r) => setTimeout(r, 20));
    }
    expect(cached).toBe(true);
  });
});

describe("the language switcher's links", () => {
  it("remember the choice for a year and lead to the same page in that language", async () => {
    const res = await get(`/language/de?to=${encodeURIComponent("/locations?region=Europe")}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/de/locations?region=Europe");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^pc_lang=de;/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const back = await get(`/language/en?to=${encodeURIComponent("/de/about")}`);
    expect(back.headers.get("location")).toBe("/about");
  });

  it("never lead off the site, and refuse an unknown language", async () => {
    for (const to of ["//evil.example/", "https://evil.example/", "/\\evil.example"]) {
      const res = await get(`/language/es?to=${encodeURIComponent(to)}`);
      expect(res.headers.get("location")).toBe("/es");
    }
    expect((await get("/language/xx?to=/")).status).toBe(404);
  });
});
