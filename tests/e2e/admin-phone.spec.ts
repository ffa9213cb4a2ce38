import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { ADMIN_SCREENS } from "./admin-screens";
import { expect, test } from "./fixtures";

// Staff review proposals and fix entries from their phones: no admin screen scrolls sideways at 360 px. Wide
// tables scroll inside their own box.
test.use({ viewport: { width: 360, height: 740 } });

test("no admin screen scrolls sideways on a 360 px phone", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  const wide: string[] = [];
  for (const path of ADMIN_SCREENS) {
    await page.goto(path, { waitUntil: "load" });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) wide.push(`${path}: ${overflow} px too wide`);
  }
  expect(wide).toEqual([]);
});
