import { describe, expect, it } from "vitest";
import {
  GEOJSON_DEFAULT_LIMIT,
  GEOJSON_MAX_LIMIT,
  locationFilterForm,
  MAX_PAGE,
  parseFeedPage,
  parseLocationQuery,
  parseProgramQuery,
  parseRegionKey,
  parseResourceQuery,
  resolveLocationFilters,
} from "./filters";
import { toQueryString } from "./query-string";

const q = (s: string) => parseLocationQuery(new URLSearchParams(s));

const REF = {
  regions: [
    { id: "11111111-1111-4111-8111-111111111111", key: "Europe" },
    { id: "22222222-2222-4222-8222-222222222222", key: "Asia" },
  ],
  subRegions: [{ id: "33333333-3333-4333-8333-333333333333", regionId: "11111111-1111-4111-8111-111111111111" }],
  focusAreas: [{ id: "44444444-4444-4444-8444-444444444444" }],
};

describe("location query parsing", () => {
  it("accepts a region by key or by name, in any case", () => {
    expect(q("region=NorthAmerica").region).toBe("NorthAmerica");
    expect(q("region=North%20America").region).toBe("NorthAmerica");
    expect(q("region=north-america").region).toBe("NorthAmerica");
    expect(parseRegionKey("EUROPE")).toBe("Europe");
  });

  it("ignores malicious or unknown values instead of failing", () => {
    const r = q("region=' OR 1=1--&subRegion=1;drop table&focus=%00&page=abc");
    expect(r.region).toBeUndefined();
    expect(r.subRegion).toBeUndefined();
    expect(r.focus).toBeUndefined();
    expect(r.page).toBe(1);
    expect(r.ignored).toEqual(["region", "subRegion", "focus"]);
  });

  it("rejects control characters and oversized search text", () => {
    expect(q("q=%00abc").q).toBeUndefined();
    expect(q(`q=${"a".repeat(5000)}`).q).toBeUndefined();
    expect(q("q=%20%20soil%20%20health%20").q).toBe("soil health");
    expect(q("country=Portugal%0A").country).toBeUndefined();
  });

  it("clamps the page to a sensible range", () => {
    expect(q("page=-1").page).toBe(1);
    expect(q("page=0").page).toBe(1);
    expect(q("page=1e9").page).toBe(1);
    expect(q("page=2.5").page).toBe(1);
    expect(q("page=3").page).toBe(3);
    expect(q(`page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
  });

  it("uses only the first of repeated parameters", () => {
    expect(q("region=Asia&region=Europe").region).toBe("Asia");
  });

  it("resolves ids against reference data and drops a sub-region outside the region", () => {
    const ok = resolveLocationFilters(
      q("region=Europe&subRegion=33333333-3333-4333-8333-333333333333&focus=44444444-4444-4444-8444-444444444444"),
      REF,
    );
    expect(ok).toMatchObject({
      regionId: REF.regions[0]?.id,
      subRegionId: REF.subRegions[0]?.id,
      focusAreaId: REF.focusAreas[0]?.id,
    });
    const mismatch = resolveLocationFilters(q("region=Asia&subRegion=33333333-3333-4333-8333-333333333333"), REF);
    expect(mismatch.subRegionId).toBeUndefined();
    const unknown = resolveLocationFilters(q("focus=55555555-5555-4555-8555-555555555555"), REF);
    expect(unknown.focusAreaId).toBeUndefined();
  });

  it("builds canonical query strings without empty values or page 1", () => {
    expect(toQueryString({ region: "Europe", q: "", page: 1 })).toBe("?region=Europe");
    expect(toQueryString({ q: "a&b", page: 2 })).toBe("?q=a%26b&page=2");
    expect(toQueryString({})).toBe("");
  });
});

describe("resource and program queries", () => {
  it("accepts each resource type by value or label and flags unknown ones", () => {
    expect(parseResourceQuery(new URLSearchParams("type=youtube%20channel")).type).toBe("youtube channel");
    expect(parseResourceQuery(new URLSearchParams("type=Books")).type).toBe("book");
    expect(parseResourceQuery(new URLSearchParams("type=%00"))).toEqual({ type: undefined, invalid: true });
    expect(parseResourceQuery(new URLSearchParams("type=<script>"))).toEqual({ type: undefined, invalid: true });
    expect(parseResourceQuery(new URLSearchParams(""))).toEqual({ invalid: false });
  });

  it("parses program format, region and past flag leniently", () => {
    expect(parseProgramQuery(new URLSearchParams("format=online&region=Oceania&past=1"))).toMatchObject({
      format: "online",
      region: "Oceania",
      past: true,
    });
    const bad = parseProgramQuery(new URLSearchParams("format=<x>&past=maybe"));
    expect(bad.format).toBeUndefined();
    expect(bad.past).toBe(false);
    expect(bad.ignored).toEqual(["format"]);
  });

  it("bounds the GeoJSON page", () => {
    expect(parseFeedPage(new URLSearchParams(""))).toEqual({ limit: GEOJSON_DEFAULT_LIMIT, offset: 0 });
    expect(parseFeedPage(new URLSearchParams("limit=999999&offset=-3"))).toEqual({
      limit: GEOJSON_DEFAULT_LIMIT,
      offset: 0,
    });
    expect(parseFeedPage(new URLSearchParams(`limit=${GEOJSON_MAX_LIMIT}&offset=20`))).toEqual({
      limit: GEOJSON_MAX_LIMIT,
      offset: 20,
    });
  });
});

describe("location filter form (shared by /locations and /map)", () => {
  const ref = {
    regions: [
      { id: "r1", key: "Europe", name: "Europe" },
      { id: "r2", key: "Africa", name: "Africa" },
    ],
    subRegions: [{ id: "11111111-1111-4111-8111-111111111111", regionId: "r1", name: "Western Europe" }],
    focusAreas: [
      { id: "22222222-2222-4222-8222-222222222222", name: "Water" },
      { id: "33333333-3333-4333-8333-333333333333", name: "Agroforestry" },
    ],
  };

  it("shows only recognised filters, by the keys the URL uses", () => {
    const query = parseLocationQuery(
      new URLSearchParams(
        "region=Europe&subRegion=11111111-1111-4111-8111-111111111111&focus=44444444-4444-4444-8444-444444444444&q=forest",
      ),
    );
    const form = locationFilterForm(resolveLocationFilters(query, ref), ref, ["Kenya", "Portugal"]);
    expect(form.values).toEqual({
      region: "Europe",
      subRegion: "11111111-1111-4111-8111-111111111111",
      focus: undefined,
      country: undefined,
      q: "forest",
    });
    expect(form.focusAreas.map((f) => f.name)).toEqual(["Agroforestry", "Water"]);
  });

  it("keeps a country from the address selectable even when no location has it yet", () => {
    const query = parseLocationQuery(new URLSearchParams("country=Chile"));
    const form = locationFilterForm(resolveLocationFilters(query, ref), ref, ["Kenya", "Portugal"]);
    expect(form.values.country).toBe("Chile");
    expect(form.countries).toEqual(["Chile", "Kenya", "Portugal"]);
  });
});
