import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expect, type Page, test } from "./fixtures";

/**
 * The picker's land path as drawn: every straight segment of every ring, in the picker's 360x180 box (x is the
 * longitude + 180, y is 90 - the latitude).
 */
async function pickerSegments(page: Page) {
  const d = await page.getByTestId("map-picker").locator("path").first().getAttribute("d");
  expect(d, "the picker draws the land").toBeTruthy();
  const segments: { from: [number, number]; to: [number, number] }[] = [];
  for (const ring of (d ?? "").split("M").filter(Boolean)) {
    const points = ring
      .replace(/Z$/, "")
      .split("L")
      .map((p) => p.trim().split(/[ ,]+/).map(Number) as [number, number]);
    const closed = ring.endsWith("Z") ? [...points, points[0] as [number, number]] : points;
    for (let i = 1; i < closed.length; i++)
      segments.push({ from: closed[i - 1] as [number, number], to: closed[i] as [number, number] });
  }
  return segments;
}

/**
 * A segment crossing more than half the world's width is a coastline that ran over the date line drawn as a line
 * straight back across the map (Russia, Fiji, Antarctica). Only the map's own top and bottom edges (a ring round a
 * pole closed along them) may be that long.
 */
function strayLines(segments: Awaited<ReturnType<typeof pickerSegments>>) {
  return segments.filter(({ from, to }) => {
    if (Math.abs(to[0] - from[0]) <= 180) return false;
    const alongEdge = from[1] === to[1] && (from[1] <= 0 || from[1] >= 180);
    return !alongEdge;
  });
}

test("the location picker draws the world without lines across it", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
  // The edit screen of an existing place.
  await page.goto("/admin/dashboard/locations");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  const picker = page.getByTestId("map-picker");
  await expect(picker).toBeVisible();
  await picker.screenshot({ path: test.info().outputPath("map-picker.png") });

  const segments = await pickerSegments(page);
  expect(segments.length).toBeGreaterThan(1000);
  expect(strayLines(segments)).toEqual([]);

  // Antarctica reaches the bottom of the map: the picker's bottom corners are land, drawn in the land colour.
  const landAtSouthPole = await page.evaluate(() => {
    const svg = document.querySelector<SVGSVGElement>('[data-testid="map-picker"]');
    const path = svg?.querySelector<SVGPathElement>("path");
    if (!svg || !path) return null;
    const at = (x: number, y: number) => {
      const point = svg.createSVGPoint();
      point.x = x;
      point.y = y;
      return path.isPointInFill(point);
    };
    return { west: at(2, 179), middle: at(180, 179), east: at(358, 179), ocean: at(180, 120) };
  });
  expect(landAtSouthPole).toEqual({ west: true, middle: true, east: true, ocean: false });
});

test("the picker on the public suggest-a-place form has no lines across it either", async ({ page }) => {
  await page.goto("/suggest-a-place");
  await expect(page.getByTestId("map-picker")).toBeVisible();
  expect(strayLines(await pickerSegments(page))).toEqual([]);
});
