import { describe, expect, it } from "vitest";
import {
  decodeUploadString,
  downloadTokenList,
  firstDownloadToken,
  firstDownloadUrl,
  IMAGE_WIDTHS,
  type StorageMetadata,
  safeContentDisposition,
  thumbnailUrl,
  validateMaxResults,
  validateObjectName,
  variantNames,
} from "./paths";

describe("storage path rules", () => {
  it("accepts ordinary names, including spaces and non-ASCII letters", () => {
    expect(validateObjectName("locations/café farm/photo 1.jpg")).toBe("locations/café farm/photo 1.jpg");
  });

  it.each([
    ["../x", "storage/invalid-argument"],
    ["a/./b", "storage/invalid-argument"],
    ["/abs", "storage/invalid-argument"],
    ["a\\b", "storage/invalid-argument"],
    ["a//b", "storage/invalid-argument"],
    ["a/", "storage/invalid-argument"],
    ["a\nb", "storage/invalid-argument"],
    ["", "storage/invalid-root-operation"],
  ])("refuses %j with %s", (name, code) => {
    expect(() => validateObjectName(name)).toThrow(expect.objectContaining({ code }));
  });

  it("bounds maxResults to 1..1000", () => {
    expect(validateMaxResults("1")).toBe(1);
    expect(validateMaxResults("1000")).toBe(1000);
    expect(validateMaxResults(undefined)).toBe(1000);
    for (const bad of ["0", "1001", "1e3", " 5"]) expect(() => validateMaxResults(bad)).toThrow(/between 1 and 1000/);
  });

  it("builds safe Content-Disposition headers", () => {
    expect(safeContentDisposition('docs/a"b;c\r\n.pdf', true)).toBe(
      `inline; filename="a_b_c__.pdf"; filename*=UTF-8''a%22b%3Bc%0D%0A.pdf`,
    );
    expect(safeContentDisposition("résumé.txt", false)).toBe(
      `attachment; filename="r_sum_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt`,
    );
  });

  it("decodes upload strings only in their declared format", () => {
    expect(new TextDecoder().decode(decodeUploadString("base64", "aGk=").bytes)).toBe("hi");
    expect(new TextDecoder().decode(decodeUploadString("base64url", "_-8").bytes)).toBe(
      new TextDecoder().decode(new Uint8Array([0xff, 0xef])),
    );
    expect(decodeUploadString("data_url", "data:text/plain,hi%20there")).toMatchObject({ contentType: "text/plain" });
    expect(() => decodeUploadString("base64", "a_b-")).toThrow("String does not match format 'base64'");
    expect(() => decodeUploadString("base64url", "a+b/")).toThrow("String does not match format 'base64url'");
    expect(() => decodeUploadString("data_url", "text/plain,hi")).toThrow("String does not match format 'data_url'");
  });

  it("builds the download URL from the first token", () => {
    expect(firstDownloadUrl({ fullPath: "a b/c.png", downloadTokens: "t1,t2" })).toBe(
      "/api/storage/download/a%20b/c.png?token=t1",
    );
    expect(firstDownloadUrl({ fullPath: "a.png", downloadTokens: " , t2 ,t3" })).toBe(
      "/api/storage/download/a.png?token=t2",
    );
  });

  it("reads the stored token list, skipping blanks and spaces", () => {
    expect(downloadTokenList(" a , ,b,")).toEqual(["a", "b"]);
    expect(firstDownloadToken(" , b")).toBe("b");
    expect(firstDownloadToken(" , ")).toBeNull();
  });

  it("names every responsive width's copy beside the original", () => {
    const names = variantNames("x/p.jpg");
    expect(names.webp).toBe("x/p.jpg.webp");
    expect([...names.sized.keys()]).toEqual([...IMAGE_WIDTHS]);
    expect(names.sized.get(480)).toBe("x/p.jpg@480.webp");
  });
});

describe("thumbnailUrl", () => {
  const meta = (fullPath: string, contentType: string, customMetadata: Record<string, string> = {}) =>
    ({ fullPath, contentType, customMetadata, downloadTokens: "tok-a,tok-b" }) as StorageMetadata;

  it("uses the 480 px copy of a wide raster image, with the original's first token", () => {
    expect(thumbnailUrl(meta("f/wide.jpg", "image/jpeg", { width: "2000" }))).toBe(
      "/api/storage/download/f/wide.jpg%40480.webp?token=tok-a",
    );
  });

  it("uses the file itself when it has no smaller copy: narrow images, unknown widths and SVGs", () => {
    expect(thumbnailUrl(meta("f/narrow.png", "image/png", { width: "480" }))).toBe(
      "/api/storage/download/f/narrow.png?token=tok-a",
    );
    expect(thumbnailUrl(meta("f/old.png", "image/png"))).toBe("/api/storage/download/f/old.png?token=tok-a");
    expect(thumbnailUrl(meta("f/logo.svg", "image/svg+xml", { width: "2000" }))).toBe(
      "/api/storage/download/f/logo.svg?token=tok-a",
    );
  });

  it("has none for files that are not images or have no download token", () => {
    expect(thumbnailUrl(meta("f/a.pdf", "application/pdf"))).toBeNull();
    expect(thumbnailUrl({ ...meta("f/b.jpg", "image/jpeg", { width: "2000" }), downloadTokens: "" })).toBeNull();
  });
});
