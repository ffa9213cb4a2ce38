import { describe, expect, it } from "vitest";
import { parseDownloadUrl } from "./download-url";
import { downloadUrl } from "./paths";

describe("parseDownloadUrl", () => {
  it("reads the object path and token back from a URL the storage API builds", () => {
    const url = downloadUrl("locations/farm one é.jpg", "5f0c-token");
    expect(parseDownloadUrl(url)).toEqual({ fullPath: "locations/farm one é.jpg", token: "5f0c-token" });
  });

  it("accepts an absolute URL only on the site's own origin", () => {
    const url = downloadUrl("a.png", "t", "https://permaculture.example.org");
    expect(parseDownloadUrl(url, "https://permaculture.example.org")).toEqual({ fullPath: "a.png", token: "t" });
    expect(parseDownloadUrl(url, "https://other.example.org")).toBeNull();
    expect(parseDownloadUrl(url)).toBeNull();
  });

  it.each([
    ["an empty value", ""],
    ["a demo path", "/media/demo/farm.webp"],
    ["a URL without a token", "/api/storage/download/a.png"],
    ["a protocol-relative URL", "//evil.example/api/storage/download/a.png?token=t"],
    ["a traversal", "/api/storage/download/a/%2e%2e/%2e%2e/secret?token=t"],
    ["broken encoding", "/api/storage/download/%E0%A4%A?token=t"],
    ["the listing API", "/api/storage/o/a.png?token=t"],
  ])("refuses %s", (_label, url) => {
    expect(parseDownloadUrl(url)).toBeNull();
  });
});
