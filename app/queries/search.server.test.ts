import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { locationInput } from "~tests/helpers/location-input";
import { parseSearch } from "../lib/search-query";
import { createLocation } from "./locations.server";
import { correctWords, searchEverything, suggestNames } from "./search.server";

const t = testDatabaseForFile();

beforeAll(async () => {
  await createLocation(
    t.db,
    locationInput("Rift Valley Water Harvest", {
      country: "Kenya",
      contactCity: "Nakuru",
      regionName: "Africa",
      shortDescription: "Rainwater tanks and swales on dry land.",
    }),
  );
  await createLocation(
    t.db,
    locationInput("Quinta do Vale", {
      country: "Portugal",
      contactCity: "Aljezur",
      shortDescription: "A permaculture farm with agroforestry terraces.",
      longDescription: "Courses in water management every spring.",
    }),
  );
  await createLocation(
    t.db,
    locationInput("Sítio Verde", {
      country: "Brazil",
      contactCity: "São Paulo",
      shortDescription: "An urban eco-village and seed library.",
    }),
  );
  await createLocation(
    t.db,
    locationInput("Agroforestry", { country: "Peru", contactCity: "Cusco", shortDescription: "Andean food forests." }),
  );
  await createLocation(
    t.db,
    locationInput("Highland Farm School", {
      country: "Scotland",
      contactCity: "Inverness",
      shortDescription: "Teaching agroforestry in a cold climate; no water shortage here.",
    }),
  );
});

async function names(q: string): Promise<string[]> {
  const out = await searchEverything(t.db, q, { kinds: ["location"], perKind: 20 });
  if (out.status !== "ok") return [];
  return out.groups[0]?.hits.map((h) => h.name) ?? [];
}

describe(`search (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("needs every word, found in any field and in any order", async () => {
    expect(await names("kenya water")).toEqual(["Rift Valley Water Harvest"]);
    expect(await names("water kenya")).toEqual(["Rift Valley Water Harvest"]);
    expect(await names("permaculture portugal")).toEqual(["Quinta do Vale"]);
    // The directory's subject is implied: a place need not say "permaculture" to be found with it.
    expect(await names("permaculture kenya")).toEqual(["Rift Valley Water Harvest"]);
    expect(await names("permaculture")).toEqual(["Quinta do Vale"]);
    expect(await names("Nakuru rainwater")).toEqual(["Rift Valley Water Harvest"]);
  });

  it("ignores case and accents, and reads hyphenated words either way", async () => {
    expect(await names("sao paulo")).toEqual(["Sítio Verde"]);
    expect(await names("SITIO")).toEqual(["Sítio Verde"]);
    expect(await names("eco village")).toEqual(["Sítio Verde"]);
    expect(await names("eco-village")).toEqual(["Sítio Verde"]);
  });

  it("matches the last word as the start of a word, for search as you type", async () => {
    expect(await names("quinta agrofo")).toEqual(["Quinta do Vale"]);
    expect(await names("agrofo quinta")).toEqual([]);
  });

  it("puts the exact name first, then names before descriptions", async () => {
    const hits = await names("agroforestry");
    expect(hits[0]).toBe("Agroforestry");
    expect(new Set(hits)).toEqual(new Set(["Agroforestry", "Quinta do Vale", "Highland Farm School"]));
    const water = await names("water");
    expect(water[0]).toBe("Rift Valley Water Harvest");
  });

  it("understands quoted phrases and -exclusions", async () => {
    expect(await names('"water management"')).toEqual(["Quinta do Vale"]);
    expect(await names('"management water"')).toEqual([]);
    expect(new Set(await names("agroforestry -peru -scotland"))).toEqual(new Set(["Quinta do Vale"]));
  });

  it("corrects a typo when the words as typed find nothing, and says what it searched for", async () => {
    const out = await searchEverything(t.db, "agroforstry", { kinds: ["location"] });
    expect(out.status).toBe("ok");
    if (out.status !== "ok") return;
    expect(out.correctedTo).toBe("agroforestry");
    expect(out.groups[0]?.total).toBe(3);
    expect((await correctWords(t.db, ["portugl"])).get("portugl")).toBe("portugal");
    expect((await correctWords(t.db, ["portugal"])).size).toBe(0);
  });

  it("marks the matched words in a snippet as text, never as markup", async () => {
    await createLocation(
      t.db,
      locationInput("Script Garden", {
        country: "Chile",
        contactCity: null,
        shortDescription: "<img src=x onerror=alert(1)> compost workshops",
      }),
    );
    const out = await searchEverything(t.db, "compost", { kinds: ["location"] });
    if (out.status !== "ok") throw new Error("no search");
    const snippet = out.groups[0]?.hits[0]?.snippet ?? [];
    expect(snippet.find((r) => r.match)?.text.toLowerCase()).toBe("compost");
    // The stored text comes back as plain text runs (rendered by React as text), tags included or dropped.
    expect(snippet.map((r) => r.text).join("")).toContain("onerror=alert(1)>");
  });

  it("answers hostile or empty input without an error", async () => {
    for (const q of [
      "",
      " ",
      "a",
      "!!!",
      "'; DROP TABLE locations; --",
      "a:* & | ! <->",
      "\\",
      "x".repeat(10_000),
      '"""',
      "-",
    ]) {
      const out = await searchEverything(t.db, q);
      expect(["ok", "none"]).toContain(out.status);
    }
    expect(parseSearch("a").ok).toBe(false);
    expect(parseSearch("!!!")).toMatchObject({ ok: false, reason: "no-words" });
    expect(parseSearch("x".repeat(10_000))).toMatchObject({ ok: true, truncated: true });
  });
});

describe("suggestions as a name is typed", () => {
  it("offer names that begin with what was typed before names that only contain the words", async () => {
    await createLocation(t.db, locationInput("Valley Seed Bank", { country: "Kenya", contactCity: null }));
    await createLocation(t.db, locationInput("Old Rift Valley Orchard", { country: "Kenya", contactCity: null }));
    const suggested = (await suggestNames(t.db, "rift valley")).map((s) => s.name);
    expect(suggested[0]).toBe("Rift Valley Water Harvest");
    expect(suggested).toContain("Old Rift Valley Orchard");
    expect(suggested).not.toContain("Valley Seed Bank");
    expect((await suggestNames(t.db, "valle")).map((s) => s.name)[0]).toBe("Valley Seed Bank");
    // Wildcards typed by a person are literal.
    expect(await suggestNames(t.db, "%%")).toEqual([]);
    expect(await suggestNames(t.db, "r_ft")).toEqual([]);
  });
});

describe("facet counts with words", () => {
  it("say how many places each region, country and focus area would give, its own choice left out", async () => {
    const { locationFacetCounts } = await import("./locations.server");
    const all = await locationFacetCounts(t.db, { q: "water" });
    expect(all.country?.get("Kenya")).toBe(1);
    expect(all.country?.get("Portugal")).toBe(1);
    expect(all.country?.get("Brazil")).toBeUndefined();
    // Choosing a country does not shrink the country counts: they say what switching would give.
    const inKenya = await locationFacetCounts(t.db, { q: "water", country: "Kenya" });
    expect(inKenya.country?.get("Portugal")).toBe(1);
  });
});

describe("text that looks like markup", () => {
  it("is found by its words: angle brackets are not tags in plain text", async () => {
    await createLocation(t.db, locationInput("Tag <b>Bold</b> Farm", { country: "Chile", contactCity: null }));
    expect(await names("bold farm")).toEqual(["Tag <b>Bold</b> Farm"]);
  });
});
