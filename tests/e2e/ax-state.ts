import type { Page } from "@playwright/test";

/**
 * Whether Chromium exposes the button named `name` as expanded (true/false), read from the browser's own
 * accessibility tree: a popover's invoker gets its expanded state from the browser rather than from an
 * aria-expanded attribute, and Playwright's toBeExpanded reads only the attribute. Buttons that are not rendered
 * (the desktop or mobile variant not in use) are skipped.
 */
export async function exposedExpanded(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // A remote object, not a DOM node id: node ids go stale as the page changes between the two calls.
    const { result } = await cdp.send("Runtime.evaluate", { expression: "document" });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", {
      objectId: result.objectId,
      accessibleName: name,
      role: "button",
    });
    const shown = nodes.filter((n) => !n.ignored);
    if (shown.length !== 1) throw new Error(`expected one "${name}" button, found ${shown.length}`);
    const expanded = shown[0]?.properties?.find((p) => p.name === "expanded");
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}
