import type { Locator } from "@playwright/test";

/**
 * Whether a visitor sees the element: laid out, not hidden and not fully transparent (itself or an ancestor).
 * Playwright's toBeVisible counts a transparent element as visible.
 */
export function seen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }));
}

/** Whether a click at the element's centre reaches it (and not whatever lies under it). */
export async function takesClicks(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  if (!box) return false;
  return locator.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (el === hit || el.contains(hit));
    },
    [box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}
