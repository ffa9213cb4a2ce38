import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "~/lib/i18n/languages";
import { locationPath } from "~/lib/slug";
import { DEMO_LOCATIONS, type DemoLocation } from "~db/seed/demo-data";
import { mainText } from "~tests/helpers/page-text";
import { demoSiteServer } from "../helpers/demo-server";

// Search in the words the site itself shows, in its five languages (issue 37, decision 055): the queries of the
// review's walk, each on the demo site over HTTP, in the language it was typed in and in the four others. Each row
// says what the page vocabulary promises: the places it must find (all of them, and only such places shown), a
// program, "Did you mean …?" or the places near a town; and in every case that the query was not silently replaced.
// On the embedded database, or on Postgres when TEST_DATABASE_URL is set.

const site = demoSiteServer("search-languages", {
  email: "search-admin@example.org",
  password: "a-long-enough-password",
});
const { get } = site;

type Promise_ =
  /** Every demo place that `is` says, and no other, is found; each shown place's line names `line`. */
  | { places: (l: DemoLocation) => boolean; line: string }
  | { program: string }
  | { suggestion: string }
  | { near: true };

const hasFocus = (name: string) => (l: DemoLocation) => (l.focusAreas as readonly string[]).includes(name);
const inCountry = (name: string) => (l: DemoLocation) => l.country === name;
const ofKind = (kind: string) => (l: DemoLocation) => l.markerType === kind;

/** The review's queries, in the language each was typed in (issue 37), and what each must give. */
const WALK: { lang: Language; q: string; promise: Promise_ }[] = [
  { lang: "de", q: "Brasilien", promise: { places: inCountry("Brazil"), line: "Brasilien" } },
  { lang: "es", q: "Brasil", promise: { places: inCountry("Brazil"), line: "Brasil" } },
  { lang: "de", q: "Spanien", promise: { places: inCountry("Spain"), line: "Spanien" } },
  { lang: "es", q: "Kenia", promise: { places: inCountry("Kenya"), line: "Kenia" } },
  { lang: "de", q: "Schule", promise: { places: ofKind("school"), line: "Schule" } },
  { lang: "es", q: "granja", promise: { places: ofKind("farm"), line: "Granja" } },
  { lang: "es", q: "ecoaldea", promise: { places: ofKind("ecovillage"), line: "Ecoaldea" } },
  { lang: "de", q: "Ökodorf", promise: { places: ofKind("ecovillage"), line: "Ökodorf" } },
  { lang: "pt", q: "ecovila", promise: { places: ofKind("ecovillage"), line: "Ecovila" } },
  { lang: "es", q: "escuela", promise: { places: ofKind("school"), line: "Escuela" } },
  { lang: "de", q: "Bodengesundheit", promise: { places: hasFocus("Soil Health"), line: "" } },
  { lang: "es", q: "Gestión del agua", promise: { places: hasFocus("Water Management"), line: "" } },
  { lang: "es", q: "Salud del suelo", promise: { places: hasFocus("Soil Health"), line: "" } },
  { lang: "en", q: "berlin", promise: { near: true } },
  { lang: "en", q: "sao paulo", promise: { near: true } },
  { lang: "en", q: "PDC", promise: { program: "Tropical Permaculture Design Certificate" } },
  { lang: "es", q: "Kenia agroforstry", promise: { suggestion: "kenia agroforestry" } },
];

const prefix = (lang: Language) => (lang === "en" ? "" : `/${lang}`);

const text = (html: string) => mainText(html).trim();

/** The results page of a query as a reader sees it. */
async function search(lang: Language, q: string) {
  const html = await get(`${prefix(lang)}/search?q=${encodeURIComponent(q)}`);
  const section = (kind: string) =>
    html.match(new RegExp(`<section aria-labelledby="results-${kind}"[\\s\\S]*?</section>`))?.[0] ?? "";
  const places = section("location");
  const hits = [...places.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => {
    const item = m[1] as string;
    const paragraphs = [...item.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((p) => text(p[1] as string));
    return {
      name: text(item.match(/<a[^>]*>([\s\S]*?)<\/a>/)?.[1] ?? ""),
      /** The place's address without the language: the same whichever language its name is shown in. */
      path: (item.match(/<a[^>]*href="([^"]*)"/)?.[1] ?? "").replace(/^\/(es|pt|fr|de)\//, "/"),
      line: paragraphs[0] ?? "",
      snippet: paragraphs[1] ?? "",
    };
  });
  return {
    html,
    /** The line that says how many results there are for what ("5 Ergebnisse für „Brasilien“."). */
    status: text(html.match(/<p role="status"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? ""),
    placeCount: Number(text(places.match(/<h2[^>]*>([\s\S]*?)<\/h2>/)?.[1] ?? "").match(/\(\s*(\d+)\s*\)/)?.[1] ?? 0),
    places: hits,
    programs: [...section("program").matchAll(/<a[^>]*>([\s\S]*?)<\/a>/g)].map((m) => text(m[1] as string)),
  };
}

describe("search speaks the site's five languages (the review's walk)", () => {
  it.each(WALK)("$lang: “$q” gives what the pages promise, not another query", async ({ lang, q, promise }) => {
    const page = await search(lang, q);
    // Never replaced without asking: whatever is shown is for the words as typed.
    if (page.status) expect(page.status).toContain(q);
    if ("places" in promise) {
      const expected = DEMO_LOCATIONS.filter(promise.places).map((l) => locationPath(l.name));
      expect(expected.length).toBeGreaterThan(0);
      expect(page.placeCount, "every such place is found").toBe(expected.length);
      expect(page.places.length).toBeGreaterThan(0);
      for (const hit of page.places) {
        expect(expected, `${hit.name} is one of them`).toContain(hit.path);
        expect(hit.line).toContain(promise.line);
      }
    } else if ("program" in promise) {
      expect(page.programs).toContain(promise.program);
    } else if ("suggestion" in promise) {
      // Nothing matched, and the query names a country: the correction is offered as a link, in the page's language.
      const link = `${prefix(lang)}/search?q=${encodeURIComponent(promise.suggestion)}`;
      expect(page.html).toContain(`href="${link}"`);
      expect(text(page.html)).toContain(lang === "es" ? "¿Quisiste decir" : "Did you mean");
      expect(page.placeCount).toBe(0);
      const followed = await search(lang, promise.suggestion);
      expect(followed.places.map((p) => p.name)).toContain("Rift Valley Permaculture Training Centre");
    } else {
      // A town the map knows: not corrected into another word, and the places nearest to it are offered.
      expect(page.placeCount).toBe(0);
      expect(page.html).toContain(`href="${prefix(lang)}/locations?near=${encodeURIComponent(q)}"`);
    }
  });

  it.each(WALK.filter((row) => "places" in row.promise || "program" in row.promise))(
    "“$q” finds the same in the four other languages",
    async ({ lang: home, q, promise }) => {
      for (const lang of LANGUAGES.filter((l) => l !== home)) {
        const page = await search(lang, q);
        expect(page.status, lang).toContain(q);
        if ("program" in promise) expect(page.programs, lang).toContain(promise.program);
        if ("places" in promise) {
          const expected = DEMO_LOCATIONS.filter(promise.places).map((l) => locationPath(l.name));
          expect(page.placeCount, lang).toBe(expected.length);
          for (const hit of page.places) expect(expected, `${lang}: ${hit.name}`).toContain(hit.path);
        }
      }
    },
  );

  it("says where each place is and what it is, in the page's language", async () => {
    const german = await search("de", "Tapajos");
    expect(german.places[0]).toMatchObject({ name: "Tapajos Agroforestry School" });
    expect(german.places[0]?.line).toMatch(/^Schule · , Santarem, Brasilien$/);
    const english = await search("en", "Tapajos");
    expect(english.places[0]?.line).toMatch(/^School · , Santarem, Brazil$/);
  });

  it("keeps a snippet's first word, and marks where the text goes on", async () => {
    const page = await search("en", "kenya water");
    const rift = page.places.find((p) => p.name === "Rift Valley Permaculture Training Centre");
    const place = DEMO_LOCATIONS.find((l) => l.name === rift?.name);
    expect(place?.shortDescription.startsWith("A farmer training centre")).toBe(true);
    expect(rift?.snippet.startsWith("A farmer training centre")).toBe(true);
    expect(rift?.snippet.endsWith("…")).toBe(true);
  });

  it("still replaces a query that found nothing and names nothing the site knows, and says so", async () => {
    const page = await search("en", "agroforstry");
    expect(text(page.html)).toContain("Showing results for “agroforestry”");
    expect(page.places.length).toBeGreaterThan(0);
  });
});

describe("what visitors search for, for staff", () => {
  let cookie = "";

  beforeAll(async () => {
    cookie = await site.signIn();
  });

  it("lists the period's top searches and the searches that found nothing, without anything about the visitor", async () => {
    for (let i = 0; i < 3; i++) await search("de", "Naturbau");
    await search("de", "Zauberwald");
    await search("en", "someone@example.org");
    // Counted in memory and written every few seconds, like request statistics.
    await expect
      .poll(
        async () => {
          const page = mainText(await get("/admin/dashboard/analytics?range=7d", { cookie }));
          return page.includes("naturbau (de) 3") && page.includes("zauberwald (de) 1");
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);
    const html = await get("/admin/dashboard/analytics?range=7d", { cookie });
    const list = (title: string) =>
      mainText(html.match(new RegExp(`<section[^>]*>\\s*<h2[^>]*>${title}[\\s\\S]*?</section>`))?.[0] ?? "");
    expect(list("Top searches")).toContain("naturbau (de) 3");
    expect(list("Searches that found nothing")).toContain("zauberwald (de) 1");
    // A search that found something is not among those that found nothing.
    expect(list("Searches that found nothing")).not.toContain("naturbau");
    expect(mainText(html)).not.toContain("someone@example.org");
  }, 60_000);
});
