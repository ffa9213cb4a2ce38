import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

const SLOW = { timeout: 30_000 };

async function signInAsAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/, SLOW);
}

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/**
 * A visitor's page in a fresh browser context: public pages may be served stale-while-revalidate from the browser
 * cache, and a visitor arriving after the change must see it.
 */
async function visitorPage(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, response, close: () => context.close() };
}

const slug = (name: string) => encodeURIComponent(name.replaceAll(" ", "-"));

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test("location journey: create, find publicly, edit, delete with a confirmation dialog", async ({ page, browser }) => {
  const name = unique("Kestrel Ridge Farm");
  await page.goto("/admin/dashboard/add");
  await expect(page.getByRole("heading", { level: 1, name: "Add location" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Short description").fill("Terraced food forest and seed bank.");
  await page.getByLabel("Long description").fill("First paragraph.\n\nSecond paragraph about water harvesting.");
  await page.getByLabel("Country").fill("Kenya");

  // Sub-regions are filtered by the chosen region.
  const sub = page.getByRole("combobox", { name: "Sub-region" });
  await page.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Africa" });
  const africanSubs = await sub.locator("option").allTextContents();
  await page.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Europe" });
  const europeanSubs = await sub.locator("option").allTextContents();
  expect(africanSubs.length).toBeGreaterThan(1);
  expect(africanSubs.filter((s) => europeanSubs.includes(s))).toEqual([europeanSubs[0]]);
  await page.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Africa" });
  await sub.selectOption({ index: 1 });

  // Finding the town fills the coordinates (the map picker is tested in map-picker.spec.ts).
  await page.getByLabel("Find a town").fill("Nairobi");
  await page.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page.getByText(/^Nairobi, Kenya: the coordinates are filled in/)).toBeVisible();
  const lat = Number(await page.getByLabel("Latitude").inputValue());
  const lng = Number(await page.getByLabel("Longitude").inputValue());
  expect(lat).toBeCloseTo(-1.3, 0);
  expect(lng).toBeCloseTo(36.8, 0);

  await page.getByRole("checkbox", { name: "Soil Health" }).check();
  await page.getByLabel("Marker type").selectOption("farm");
  await page.getByRole("button", { name: "Create location" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/locations$/);
  await expect(page.getByText("Location saved")).toBeVisible();

  // Visible publicly in the list search and on its own page.
  const list = await visitorPage(browser, `/locations?q=${encodeURIComponent(name)}`);
  await expect(list.page.getByRole("link", { name }).first()).toBeVisible();
  await list.close();
  const detail = await visitorPage(browser, `/location/${slug(name)}`);
  await expect(detail.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(detail.page.getByText("Terraced food forest and seed bank.").first()).toBeVisible();
  await detail.close();

  // Edit: the change shows on the public page.
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByRole("checkbox", { name: "Soil Health" })).toBeChecked();
  await page.getByLabel("Short description").fill("Now with a tree nursery.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Location saved")).toBeVisible();
  const edited = await visitorPage(browser, `/location/${slug(name)}`);
  await expect(edited.page.getByText("Now with a tree nursery.").first()).toBeVisible();
  await edited.close();

  // Delete through the dialog: Cancel has focus, Escape closes, confirming deletes.
  await page.goto(`/admin/dashboard/locations?q=${encodeURIComponent(name)}`);
  const trigger = page.getByRole("link", { name: `Delete ${name}` });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await trigger.click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Location deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: `Edit ${name}` })).toHaveCount(0);
  const gone = await visitorPage(browser, `/location/${slug(name)}`);
  expect(gone.response?.status()).toBe(404);
  await gone.close();
});

test("the location form validates in the browser and on the server, keeping the input", async ({ page }) => {
  await page.goto("/admin/dashboard/add");
  await expectNoAxeViolations(page);
  await page.getByLabel("Latitude").fill("123");
  await page.getByRole("button", { name: "Create location" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "problem" });
  await expect(summary).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription(/Name is required\./);
  await expect(page.getByLabel("Latitude")).toHaveAccessibleDescription(/between -90 and 90/);
  await expectNoAxeViolations(page);

  // A name already in use, even typed in other letter case with doubled spaces, is refused by the server with the
  // address explanation and a link to the place that has it; typed values stay.
  await page.goto("/admin/dashboard/locations");
  const existing = (await page.getByRole("rowheader").first().textContent())?.trim() ?? "";
  await page.goto("/admin/dashboard/add");
  await page.getByLabel("Name").fill(existing.toLowerCase().replaceAll(" ", "  "));
  await page.getByLabel("Country").fill("Atlantis");
  await page.getByRole("button", { name: "Create location" }).click();
  await expect(page.getByLabel("Name")).toHaveAccessibleDescription(
    new RegExp(
      `Another location is already called “${existing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}”: names that differ only in letter case`,
    ),
  );
  await expect(page.getByLabel("Country")).toHaveValue("Atlantis");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: `Open “${existing}”` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(existing);
});

test("admin location list: search, sort, region filter and pages; unknown id is a 404", async ({ page }) => {
  await page.goto("/admin/dashboard/locations");
  await expectNoAxeViolations(page);
  // Each row's date reads on one line ("2026-10-18", not "2026-10-" over "18").
  const dates = page.getByRole("table").locator("td time");
  await expect(dates.first()).toBeVisible();
  const brokenDates = await dates.evaluateAll((els) => els.filter((el) => el.getClientRects().length > 1).length);
  expect(brokenDates).toBe(0);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(/Page 1 of \d+/);
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel("Sort by").selectOption("-name");
  await page.getByLabel("Region").selectOption({ label: "Oceania" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=-name/);
  // The URL can change a moment before the new rows render: wait for the list itself.
  const sortedDescending = async () => {
    const names = (await page.getByRole("rowheader").allTextContents()).map((t) => t.trim());
    return (
      names.length > 0 &&
      names.join("\n") === [...names].sort((a, b) => b.localeCompare(a, "en", { sensitivity: "base" })).join("\n")
    );
  };
  await expect.poll(sortedDescending, { timeout: 10_000 }).toBe(true);
  await page.getByLabel("Search").fill("zzzz-no-such-place");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No locations match these filters")).toBeVisible();
  const res = await page.goto("/admin/dashboard/edit/00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
});

test("program create and edit are visible at /program/<slug>", async ({ page, browser }) => {
  const name = unique("Keyline Design Weekend");
  await page.goto("/admin/dashboard/programs/add");
  // The name's field by its role: "Name" is also in a language's label (Vietnamese).
  await page.getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByLabel("Summary").fill("Two days of keyline ploughing practice.");
  await page.getByLabel("Start date").fill("2027-04-10");
  await page.getByLabel("End date").fill("2027-04-09");
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByLabel("End date")).toHaveAccessibleDescription(/on or after the start date/);
  await page.getByLabel("End date").fill("2027-04-11");
  await page.getByLabel("Price").fill("180");
  await page.getByLabel("Currency").fill("EUR");
  await page.getByLabel("Educators").fill("Ida Lund\nPer Holm");
  const languages = page.getByRole("group", { name: "Languages of instruction" });
  await languages.getByRole("checkbox", { name: "German" }).check();
  // The other languages are one step away, under "More languages".
  await languages.getByText("More languages").click();
  await languages.getByRole("checkbox", { name: "Danish" }).check();
  await page.getByRole("button", { name: "Create program" }).click();
  await expect(page.getByText("Program saved")).toBeVisible();
  const created = await visitorPage(browser, `/program/${slug(name)}`);
  await expect(created.page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(created.page.getByRole("definition").filter({ hasText: "Danish and German" })).toBeVisible();
  await created.close();

  await page.goto(`/admin/dashboard/programs?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Price")).toHaveValue("180");
  await expect(page.getByRole("checkbox", { name: "Danish" })).toBeChecked();
  await page.getByLabel("Summary").fill("Three days now, with a swale workshop.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Program saved")).toBeVisible();
  const edited = await visitorPage(browser, `/program/${slug(name)}`);
  await expect(edited.page.getByText("Three days now, with a swale workshop.").first()).toBeVisible();
  await edited.close();
});

test("an applicant's status moves through review; a CSV export downloads", async ({ page, browser }) => {
  const applicant = unique("Noor Haddad");
  const visitor = await browser.newPage();
  await visitor.goto("/application");
  await visitor.getByLabel("Full name").fill(applicant);
  await visitor.getByRole("main").getByLabel("E-mail address").fill(`noor.${Date.now()}@example.org`);
  await visitor.getByRole("radio", { name: /Learner/ }).check();
  await visitor.getByLabel("Country").fill("Jordan");
  await visitor.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Asia" });
  await visitor.getByRole("checkbox", { name: "Soil Health" }).check();
  await visitor.getByLabel("Your experience").fill("Three seasons of dryland gardening near Amman.");
  await visitor.getByLabel("What you are looking for").fill("A design course focused on water harvesting.");
  await visitor.getByRole("checkbox", { name: /I agree/ }).check();
  await visitor.waitForTimeout(3200); // the form refuses submissions faster than a person could type
  await visitor.getByRole("button", { name: "Send application" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(/thank|received|sent/i, SLOW);
  await visitor.close();

  await page.goto("/admin/dashboard/applicants?status=NEEDS_REVIEW");
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: applicant }).click();
  const details = page.getByRole("region", { name: applicant });
  await expect(details.getByText("Jordan")).toBeVisible();
  await expect(details.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await details.getByRole("button", { name: "Move to under review" }).click();
  await expect(page.getByText("Status changed to Under review")).toBeVisible();
  await details.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Status changed to Approved")).toBeVisible();
  await expect(details.getByText("Approved", { exact: true })).toBeVisible();
  await details.getByLabel("Internal notes").fill("Offer a place in the spring course.");
  await details.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved")).toBeVisible();

  await page.getByRole("navigation", { name: "Filter by review status" }).getByRole("link", { name: /^All/ }).click();
  await expect(page).not.toHaveURL(/status=/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^applicants-all-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain("Submitted,Status,Full name,E-mail");
  expect(csv).toContain(`APPROVED,${applicant},`);
});

test("resources, change-makers, newsletter and podcast screens load and pass axe", async ({ page }) => {
  for (const path of [
    "/admin/dashboard/programs",
    "/admin/dashboard/resources",
    "/admin/dashboard/resources/add",
    "/admin/dashboard/change-makers",
    "/admin/dashboard/change-makers/add",
    "/admin/dashboard/newsletter",
    "/admin/dashboard/podcast?edit=new",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  // Podcast: add an episode with a duration in mm:ss.
  await page.getByLabel("Episode number").fill("977");
  await page.getByLabel("Duration").fill("38:20");
  await page.getByLabel("Title").fill("Swales on contour");
  await page.getByRole("button", { name: "Create episode" }).click();
  await expect(page.getByText("Episode saved")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Swales on contour" })).toBeVisible();
});
