import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

// Staff translate the names of regions, sub-regions and focus areas on Admin → Names; the public pages in that
// language show them. Each field is labelled with its language and the name it translates.
test.setTimeout(180_000);

test("a translated sub-region name saved on Admin → Names shows on the Spanish list of places", async ({ page }) => {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await page.getByRole("link", { name: "Names" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Names" })).toBeVisible();
  await expectNoAxeViolations(page);

  const spanish = page.getByRole("textbox", { name: "Spanish · Español name of Himalaya" });
  await expect(spanish).toHaveValue("Himalaya");
  await spanish.fill("Cordillera del Himalaya");
  await spanish.press("Enter");
  await expect(page.getByText("Names of “Himalaya” saved.")).toBeVisible(SLOW);
  await expect(page.getByRole("textbox", { name: "Spanish · Español name of Himalaya" })).toHaveValue(
    "Cordillera del Himalaya",
  );

  // Too long: refused with a message beside the row, the typed value kept.
  const german = page.getByRole("textbox", { name: "German · Deutsch name of Himalaya" });
  await german.evaluate((el) => el.removeAttribute("maxlength"));
  await german.fill("H".repeat(121));
  await page.getByRole("button", { name: "Save names of Himalaya" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The German name is too long" })).toBeVisible(SLOW);
  await expectNoAxeViolations(page);

  await page.goto("/es/locations");
  await expect(
    page.getByRole("combobox", { name: "Subregión" }).locator("option", { hasText: "Cordillera del Himalaya" }),
  ).toHaveCount(1);

  // Back as it was, for the other tests.
  await page.goto("/admin/dashboard/names");
  await page.getByRole("textbox", { name: "Spanish · Español name of Himalaya" }).fill("Himalaya");
  await page.getByRole("button", { name: "Save names of Himalaya" }).click();
  await expect(page.getByText("Names of “Himalaya” saved.")).toBeVisible(SLOW);
});
