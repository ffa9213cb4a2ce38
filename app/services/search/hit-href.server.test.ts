import { describe, expect, it } from "vitest";
import { locationPath, programPath } from "~/lib/slug";
import { SEARCH_KINDS } from "~/queries/search.server";
import { ENTRY_KIND_NAMES } from "../entries/registry.server";
import { hitHref } from "./search.server";

describe("where a search result leads", () => {
  it("every kind of entry in the registry is searched", () => {
    for (const kind of ENTRY_KIND_NAMES) expect(SEARCH_KINDS).toContain(kind);
  });

  it("an entry's result leads to the page its kind's record gives it; a resource to its own address", () => {
    expect(hitHref({ kind: "location", name: "Quinta da Horta Viva", key: "quinta-da-horta-viva" })).toBe(
      locationPath("Quinta da Horta Viva"),
    );
    expect(hitHref({ kind: "program", name: "PDC – Spring", key: "pdc-spring" })).toBe(programPath("PDC – Spring"));
    const id = "4b1f0a52-7a3e-4c43-9a55-1d2f3e4a5b6c";
    expect(hitHref({ kind: "change-maker", name: "Ana Souza", key: id })).toBe(`/change-makers/${id}`);
    expect(hitHref({ kind: "resource", name: "Soil guide", key: "https://example.org/soil.pdf" })).toBe(
      "https://example.org/soil.pdf",
    );
  });

  it("a podcast episode's result leads to the episode on the podcast page", () => {
    expect(hitHref({ kind: "episode", name: "Water", key: "12" })).toBe("/podcast#episode-12");
  });
});
