import { describe, expect, it } from "vitest";
import { CONTROL_CHARACTER, sameSitePath } from "./site-path";

const SITE = "https://permaculture.example";

describe("sameSitePath", () => {
  it("keeps a path of the site with its query, and drops the fragment", () => {
    expect(sameSitePath("/", SITE)).toBe("/");
    expect(sameSitePath("/locations?region=Europe", SITE)).toBe("/locations?region=Europe");
    expect(sameSitePath("/de/about#team", SITE)).toBe("/de/about");
    // Resolved as a browser would: dot segments gone, other characters escaped (a Location header is ASCII).
    expect(sameSitePath("/a/../map", SITE)).toBe("/map");
    expect(sameSitePath("/location/café", SITE)).toBe("/location/caf%C3%A9");
  });

  it("refuses every way of naming another site that a browser would follow", () => {
    for (const to of [
      "//evil.example/",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "/\\evil.example",
      "\\\\evil.example",
      // Browsers drop tabs and line breaks anywhere, and controls and spaces at the ends, before they read a URL.
      "/\t/evil.example/x.html",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      " //evil.example",
      "\u0000//evil.example",
      "/\t\\evil.example",
      // Dot segments that resolve to a path beginning with two slashes.
      "/.//evil.example/x",
      "/a/..//evil.example",
      "/%2e%2e//evil.example",
      // Encoded slashes and backslashes: a later decoding would make a host of them.
      "/%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
    ]) {
      expect(sameSitePath(to, SITE), JSON.stringify(to)).toBeNull();
    }
  });

  it("refuses what is not a path: empty, relative, a query alone", () => {
    for (const to of ["", "locations", "?page=2", "#top", "."]) {
      expect(sameSitePath(to, SITE), JSON.stringify(to)).toBeNull();
    }
  });

  it("never returns a target a browser could read as another host", () => {
    // Every two-character prefix a browser might fold into `//`, after a slash.
    const tricks = ["/", "\\", "\t", "\n", "\r", "%2f", "%5c", "%09", " ", "\u000b", "\u000c"];
    for (const a of tricks) {
      for (const b of tricks) {
        const to = `/${a}${b}evil.example/x`;
        const path = sameSitePath(to, SITE);
        if (path === null) continue;
        expect(new URL(path, SITE).origin, JSON.stringify(to)).toBe(SITE);
        expect(path, JSON.stringify(to)).toMatch(/^\/(?![/\\])/);
      }
    }
  });
});

describe("CONTROL_CHARACTER", () => {
  it("finds C0 controls and DEL, not ordinary text", () => {
    for (const c of ["\u0000", "\t", "\n", "\r", "\u001b", "\u007f"])
      expect(CONTROL_CHARACTER.test(`/a${c}b`)).toBe(true);
    expect(CONTROL_CHARACTER.test("/location/café?q=a b")).toBe(false);
  });
});
