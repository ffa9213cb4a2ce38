import { describe, expect, it } from "vitest";
import { outlineHref } from "~/lib/map-geometry";
import { basemapPaths, basemapVersion } from "~/services/map/basemap.server";
import { loader } from "./map-outline";

function call(pathAndQuery: string): Promise<Response> {
  const args = { request: new Request(`http://localhost${pathAndQuery}`), context: {}, params: {} };
  return loader(args as unknown as Parameters<typeof loader>[0]);
}

const WORLD = { center: { lng: 10, lat: 22 }, zoom: 1, width: 1024, height: 512 };

describe("GET /api/map/outline", () => {
  it("draws a view's land and borders as an SVG image, cached for good at the current version", async () => {
    const res = await call(outlineHref(WORLD, basemapVersion()));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 1024 512"/);
    // Land (filled) and borders (lines), and no water: the page paints that itself.
    expect(svg.match(/<path d="M/g)).toHaveLength(2);
    expect(svg).not.toContain("<rect");
  });

  it("draws a zoomed view with less outline than the world", async () => {
    const world = await (await call(outlineHref(WORLD, basemapVersion()))).text();
    const iberia = await (
      await call(outlineHref({ center: { lng: -5, lat: 40 }, zoom: 4, width: 1024, height: 512 }, basemapVersion()))
    ).text();
    expect(iberia.length).toBeLessThan(world.length);
  });

  it("draws states, provinces and town names from zoom 5, with finer coasts", async () => {
    const berlin = await (
      await call(
        outlineHref({ center: { lng: 13.4, lat: 52.52 }, zoom: 8, width: 1024, height: 512 }, basemapVersion()),
      )
    ).text();
    // Land, the boundaries of states (dashed: Berlin within Brandenburg), coasts, borders.
    expect(berlin.match(/<path d="/g)).toHaveLength(4);
    expect(berlin).toMatch(/<path d="M[^"]+" fill="none" stroke="[^"]+" stroke-width="1" stroke-dasharray="3 2"/);
    for (const town of ["Berlin", "Potsdam", "Oranienburg"]) expect(berlin).toContain(`>${town}</text>`);
    const adelaide = await (
      await call(
        outlineHref({ center: { lng: 138.6, lat: -34.93 }, zoom: 9, width: 1024, height: 512 }, basemapVersion()),
      )
    ).text();
    expect(adelaide).toContain(">Adelaide</text>");
    // Below zoom 5 the world view's drawing: no names.
    const world = await (await call(outlineHref(WORLD, basemapVersion()))).text();
    expect(world).not.toContain("<text");
  });

  it("never hands a view another nearby view's drawing (they differ by pixels at high zoom)", async () => {
    const at = (lng: number) =>
      JSON.stringify(basemapPaths({ center: { lng, lat: 38.7 }, zoom: 18, width: 1024, height: 512 }));
    const first = at(-9.14);
    // 0.00005° is about 9 px at zoom 18.
    expect(at(-9.14005)).not.toBe(first);
    expect(at(-9.14)).toBe(first);
  });

  it("caches an old or missing version only briefly (the drawing may have changed since)", async () => {
    for (const v of ["&v=old-version", ""]) {
      const res = await call(`/api/map/outline?lat=22&lng=10&zoom=1&width=1024&height=512${v}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    }
  });

  it.each([
    ["", "lat is required"],
    ["lat=22&lng=10&zoom=1&width=1024", "height is required"],
    ["lat=abc&lng=10&zoom=1&width=1024&height=512", "lat must be a number"],
    ["lat=95&lng=10&zoom=1&width=1024&height=512", "lat must be between"],
    ["lat=22&lng=10&zoom=40&width=1024&height=512", "zoom must be between 0 and 18"],
    ["lat=22&lng=10&zoom=1&width=99999&height=512", "width must be between 16 and 2048"],
    ["lat=22&lng=10&zoom=1&width=10.5&height=512", "width must be between"],
    ["lat=22&lng=10&zoom=1&width=100.5&height=512", "width must be a whole number"],
    ["lat=22&lng=10&zoom=1&width=1024&height=512&v=%3Cscript%3E", "v must be a basemap version"],
  ])("rejects ?%s with a 400 that says why", async (query, message) => {
    const res = await call(`/api/map/outline?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(((await res.json()) as { error: string }).error).toContain(message);
  });
});
