import { beforeAll, describe, expect, it } from "vitest";
import { mainText } from "~tests/helpers/page-text";
import { demoSiteServer } from "../helpers/demo-server";

// Names that come from the database as a visitor reads them in Spanish, Portuguese, French and German: countries
// (stored as English names) in the page's language, regions, sub-regions and focus areas by their translations,
// which staff edit in Admin → Names. On the embedded database, or on Postgres when TEST_DATABASE_URL is set.

const site = demoSiteServer("languages-names", {
  email: "names-admin@example.org",
  password: "a-long-enough-password",
});
const { get } = site;
/** The options of a select by its name: [value, label]. */
const options = (page: string, name: string) => {
  const select = page.match(new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`))?.[0] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]?.trim()]);
};

describe("names from the database in the page's language", () => {
  it("names countries, regions and focus areas in Spanish on the list of places; filter values stay as they were", async () => {
    const page = await get("/es/locations?country=Germany");
    // The card's country, and the filters the line above the results names.
    const text = mainText(page);
    expect(text).toContain("Alemania");
    expect(text).not.toMatch(/, Germany\b/);
    // The choices: shown in Spanish, sent as before (English country names, region keys, ids).
    expect(options(page, "country")).toContainEqual(["Germany", "Alemania"]);
    expect(options(page, "country")).toContainEqual(["United States", "Estados Unidos"]);
    expect(options(page, "region")).toContainEqual(["NorthAmerica", "América del Norte"]);
    expect(options(page, "focus").map((o) => o[1])).toContain("Salud del suelo");
    expect(page).toMatch(/<optgroup label="América del Norte">[\s\S]*?Noroeste del Pacífico/);
  });

  it("keeps English as it was", async () => {
    const page = await get("/locations?country=Germany");
    expect(options(page, "country")).toContainEqual(["Germany", "Germany"]);
    expect(options(page, "region")).toContainEqual(["NorthAmerica", "North America"]);
    expect(options(page, "focus").map((o) => o[1])).toContain("Soil Health");
    const place = mainText(await get("/location/Cedar-Hollow-Food-Forest"));
    expect(place).toContain("United States");
    expect(place).toContain("Pacific Northwest");
  });

  it("names a place's country, region, sub-region and focus areas in German", async () => {
    const text = mainText(await get("/de/location/Cedar-Hollow-Food-Forest"));
    for (const name of [
      "Vereinigte Staaten",
      "Nordamerika",
      "Pazifischer Nordwesten",
      "Bodengesundheit",
      "Wassermanagement",
      "Gemeinschaftskompostierung",
    ]) {
      expect(text).toContain(name);
    }
    expect(text).not.toContain("United States");
    expect(text).not.toContain("Soil Health");
  });

  it("names regions, countries and focus areas in French on the programs", async () => {
    const list = await get("/fr/programs");
    expect(options(list, "region")).toContainEqual(["NorthAmerica", "Amérique du Nord"]);
    expect(mainText(list)).toContain("États-Unis");
    expect(mainText(list)).not.toMatch(/, United States\b/);
    const program = mainText(await get("/fr/program/Cool-Climate-Food-Forest-Design-Course"));
    expect(program).toContain("États-Unis");
    expect(program).toContain("Santé des sols");
    expect(program).toContain("Conception durable");
  });

  it("names countries in Portuguese on the change-makers and the map's filters", async () => {
    expect(mainText(await get("/pt/change-makers"))).toContain("Quênia");
    const map = await get("/pt/map");
    expect(options(map, "country")).toContainEqual(["Kenya", "Quênia"]);
    expect(options(map, "region")).toContainEqual(["SouthAmerica", "América do Sul"]);
  });
});

describe("Admin → Names", () => {
  let cookie = "";
  const origin = () => ({ Origin: site.server.url });
  const post = (body: Record<string, string>, withCookie = true) =>
    fetch(`${site.server.url}/admin/dashboard/names`, {
      method: "POST",
      redirect: "manual",
      headers: { ...origin(), ...(withCookie ? { cookie } : {}) },
      body: new URLSearchParams(body),
    });
  /** A row's kind and id on the screen, by its English name. */
  const rowOf = (page: string, name: string) => {
    const m = page.match(new RegExp(`id="row-([0-9a-f-]{36})-name"[^>]*>${name}<`));
    expect(m, name).not.toBeNull();
    return m?.[1] ?? "";
  };

  beforeAll(async () => {
    cookie = await site.signIn();
  });

  it("shows each name with a labelled field per language", async () => {
    const page = await get("/admin/dashboard/names", { cookie });
    const id = rowOf(page, "Pacific Northwest");
    for (const lang of ["es", "pt", "fr", "de"]) {
      expect(page).toContain(`for="name-${id}-${lang}"`);
      expect(page).toMatch(new RegExp(`id="name-${id}-${lang}"[^>]*name="${lang}"`));
    }
    expect(mainText(page)).toContain("Spanish · Español name of Pacific Northwest");
    expect(page).toMatch(new RegExp(`id="name-${id}-es"[^>]*value="Noroeste del Pacífico"`));
  });

  it("saves a translation that the Spanish page then shows", async () => {
    const id = rowOf(await get("/admin/dashboard/names", { cookie }), "Pacific Northwest");
    const saved = await post({
      kind: "subRegion",
      id,
      es: "Noroeste pacífico húmedo",
      pt: "Noroeste do Pacífico",
      fr: "",
      de: "Pazifischer Nordwesten",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/admin/dashboard/names#row-${id}`);
    const spanish = mainText(await get("/es/location/Cedar-Hollow-Food-Forest"));
    expect(spanish).toContain("Noroeste pacífico húmedo");
    // An empty field: the page shows the stored (English) name.
    expect(mainText(await get("/fr/location/Cedar-Hollow-Food-Forest"))).toContain("Pacific Northwest");
    expect(mainText(await get("/location/Cedar-Hollow-Food-Forest"))).toContain("Pacific Northwest");
  });

  it("refuses another language and a name too long with 400 and a message, and keeps what was saved", async () => {
    const id = rowOf(await get("/admin/dashboard/names", { cookie }), "Soil Health");
    const unknownLanguage = await post({ kind: "focusArea", id, es: "Salud del suelo", xx: "Bodem" });
    expect(unknownLanguage.status).toBe(400);
    expect(mainText(await unknownLanguage.text())).toContain(
      "Names are translated into Spanish (es), Portuguese (pt), French (fr), German (de) only; “xx” is not one of them.",
    );
    const tooLong = await post({ kind: "focusArea", id, es: "s".repeat(121), pt: "", fr: "", de: "" });
    expect(tooLong.status).toBe(400);
    expect(mainText(await tooLong.text())).toContain("The Spanish name is too long: at most 120 characters.");
    const unknownRow = await post({ kind: "region", id: "00000000-0000-4000-8000-000000000000", es: "Nada" });
    expect(unknownRow.status).toBe(400);
    expect(mainText(await unknownRow.text())).toContain("That region no longer exists.");
    expect(mainText(await get("/es/locations"))).toContain("Salud del suelo");
  });

  it("is for signed-in staff only", async () => {
    const anonymous = await post({ kind: "region", id: "00000000-0000-4000-8000-000000000000", es: "x" }, false);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
  });
});
