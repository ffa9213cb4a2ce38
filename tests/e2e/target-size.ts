import type { Page } from "@playwright/test";

/**
 * WCAG 2.2 success criterion 2.5.8 (Target Size, Minimum, AA): every pointer target is at least 24 × 24 CSS px,
 * unless one of the criterion's exceptions applies. This reads every interactive element of the page as laid out and
 * returns those that fail, described so that a failure says what to fix.
 *
 * Exceptions, as the criterion words them:
 * - Spacing: a smaller target passes when a 24 px circle centred on it meets no other target and no other small
 *   target's circle.
 * - Inline: a link inside a sentence (its size is set by the line of text around it).
 * - User agent control: a control the browser draws and the page does not size (none here are left unstyled, so
 *   none are excused; a check box counts with its label, which the browser makes part of its target).
 * Elements not shown (a "skip to content" link until focused, closed menus) are not targets.
 */
export async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 24;
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [tabindex]:not([tabindex='-1'])";
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 1 &&
        r.height > 1 &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        !el.closest("[inert], [aria-hidden='true']") &&
        // Not a pointer target at all (a pointer passes through it); the keyboard still reaches it.
        getComputedStyle(el).pointerEvents !== "none"
      );
    };
    /** A link in running text: shown inline, with words of its block before or after it. */
    const inline = (el: Element) => {
      if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const own = (el.textContent ?? "").trim().length;
      return Boolean(block && (block.textContent ?? "").trim().length > own + 1);
    };
    /** A check box or radio button's target is its box and its label (clicking the label sets it). */
    const box = (el: Element): DOMRect => {
      const r = el.getBoundingClientRect();
      // A link stretched over its card by an absolute ::after is as large as the card.
      const after = getComputedStyle(el, "::after");
      if (after.content !== "none" && after.position === "absolute" && el instanceof HTMLElement && el.offsetParent)
        return el.offsetParent.getBoundingClientRect();
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        const label = el.closest("label") ?? el.labels?.[0];
        if (label) {
          const l = label.getBoundingClientRect();
          const left = Math.min(r.left, l.left);
          const top = Math.min(r.top, l.top);
          return new DOMRect(left, top, Math.max(r.right, l.right) - left, Math.max(r.bottom, l.bottom) - top);
        }
      }
      return r;
    };
    const targets = [...document.querySelectorAll(selector)]
      .filter((el) => shown(el) && !inline(el))
      // A target inside another target (an icon inside its button) is the same target.
      .filter((el, _, all) => !all.some((o) => o !== el && o.contains(el)))
      .map((el) => ({ el, r: box(el) }));
    const small = targets.filter((t) => t.r.width < MIN - 0.5 || t.r.height < MIN - 0.5);
    const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
    /** Distance from a point to a rectangle (0 inside it). */
    const distance = (p: { x: number; y: number }, r: DOMRect) =>
      Math.hypot(Math.max(r.left - p.x, 0, p.x - r.right), Math.max(r.top - p.y, 0, p.y - r.bottom));
    const name = (el: Element) =>
      (el.getAttribute("aria-label") || el.textContent || el.getAttribute("title") || el.getAttribute("name") || "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
    const failures: string[] = [];
    for (const t of small) {
      const c = centre(t.r);
      const crowded = targets.some((o) => {
        if (o === t) return false;
        if (distance(c, o.r) < MIN / 2) return true;
        const isSmall = small.includes(o);
        const oc = centre(o.r);
        return isSmall && Math.hypot(c.x - oc.x, c.y - oc.y) < MIN;
      });
      if (crowded)
        failures.push(
          `${t.el.tagName.toLowerCase()}${t.el.className && typeof t.el.className === "string" ? `.${t.el.className.split(" ")[0]}` : ""} “${name(t.el)}” ${Math.round(t.r.width)} × ${Math.round(t.r.height)}`,
        );
    }
    return failures;
  });
}
