import { describe, expect, it } from "vitest";
import { parsePage, parseQuery, readListQuery } from "./list-query";

describe("parsePage", () => {
  it("reads a positive whole number and falls back to the first page for anything else", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-2", "2.5", "abc", "Infinity"]) expect(parsePage(value)).toBe(1);
  });

  it("caps the page so a huge number cannot become a huge offset", () => {
    expect(parsePage("99999999999")).toBe(100_000);
    expect(parsePage("50", 10)).toBe(10);
  });
});

describe("parseQuery", () => {
  it("trims the search and caps its length", () => {
    expect(parseQuery("  green valley ")).toBe("green valley");
    expect(parseQuery(null)).toBe("");
    expect(parseQuery("x".repeat(500))).toHaveLength(200);
  });
});

describe("readListQuery", () => {
  it("turns the address into the search, the page's limit and offset, and the item to confirm deleting", () => {
    const list = readListQuery(new URL("http://x/admin?q=%20seed%20&page=3&delete=abc"), 25);
    expect(list).toEqual({ q: "seed", page: 3, range: { limit: 25, offset: 50 }, confirmId: "abc" });
  });

  it("reads a second list's own parameters and ignores the first list's", () => {
    const list = readListQuery(new URL("http://x/podcast?q=episode&page=9&sq=ann&spage=2"), 50, {
      q: "sq",
      page: "spage",
    });
    expect(list).toEqual({ q: "ann", page: 2, range: { limit: 50, offset: 50 }, confirmId: "" });
  });
});
