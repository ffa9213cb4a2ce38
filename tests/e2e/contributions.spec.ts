import type { APIRequestContext } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The server refuses forms sent faster than a person could fill them (3 s). */
const HUMAN_PAUSE_MS = 3200;
// Far from every demo place, so the map's answer around it holds this place alone.
const POINT = { lat: -54.81, lng: -68.31 };

/** Where a visitor could come across a place: the list, the open-data feed, the map and the sitemap. */
async function publicSightings(request: APIRequestContext, name: string, slug: string) {
  const list = await (await request.get(`/locations?q=${encodeURIComponent(name)}`)).text();
  const feed = await (await request.get("/locations.geojson?limit=1000")).text();
  const bbox = [POINT.lng - 1, POINT.lat - 1, POINT.lng + 1, POINT.lat + 1].join(",");
  const map = await (await request.get(`/api/map/clusters?bbox=${bbox}&zoom=16`)).text();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const page = await request.get(`/location/${slug}`);
  return {
    list: list.includes(`/location/${slug}"`),
    feed: feed.includes(name),
    map: map.includes(name),
    sitemap: sitemap.includes(`/location/${slug}<`),
    page: page.status(),
  };
}

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test("a visitor proposes a place; it stays out of sight until staff accept it and publish the draft", async ({
  browser,
  request,
}) => {
  const name = `Quince Hollow ${Date.now().toString(36)}`;
  const slug = name.replaceAll(" ", "-");
  const visitor = await (await browser.newContext()).newPage();

  // From the directory, "Suggest a place" opens the form.
  await visitor.goto("/locations");
  await visitor.getByRole("link", { name: "Suggest a place" }).click();
  await expect(visitor).toHaveURL(/\/suggest-a-place$/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Suggest a place" })).toBeVisible();
  await expectNoAxeViolations(visitor);

  // Sending it empty names what is missing, tied to the fields.
  await visitor.waitForTimeout(HUMAN_PAUSE_MS);
  await visitor.getByRole("button", { name: "Send suggestion" }).click();
  await expect(visitor.getByRole("alert")).toContainText("Name of the place: Name is required.");
  await expect(visitor.getByLabel("Name of the place")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(visitor);

  await visitor.getByLabel("Name of the place").fill(name);
  await visitor.getByLabel("What it is").selectOption({ label: "A farm or food forest" });
  await visitor.getByLabel("What happens there").fill("Orchards and a <b>seed</b> library at the end of the world.");
  await visitor.getByLabel("Country").selectOption({ label: "Argentina" });
  await visitor.getByLabel("Town or city").fill("Ushuaia");
  await visitor.getByLabel("Latitude").fill(String(POINT.lat));
  await visitor.getByLabel("Longitude").fill(String(POINT.lng));
  await visitor.getByLabel("Note for our team").fill("I stayed there last summer.");
  await visitor.waitForTimeout(HUMAN_PAUSE_MS);
  await visitor.getByRole("button", { name: "Send suggestion" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Thank you for your suggestion" })).toBeVisible();
  await expectNoAxeViolations(visitor);

  // Not public anywhere.
  expect(await publicSightings(request, name, slug)).toEqual({
    list: false,
    feed: false,
    map: false,
    sitemap: false,
    page: 404,
  });

  // Staff see it waiting, review it field by field and accept it: it becomes a draft.
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await staff.getByRole("link", { name: /Proposed places waiting/ }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole("link", { name }).click();
  await expect(staff.getByText("I stayed there last summer.")).toBeVisible();
  // What the visitor typed is shown as text, never as markup.
  await expect(staff.getByText("Orchards and a <b>seed</b> library", { exact: false }).first()).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole("button", { name: "Create a draft from the ticked fields" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Edit location: ${name}` })).toBeVisible(SLOW);
  await expect(staff.getByLabel("Status")).toHaveValue("draft");

  // Still not public; staff can preview the draft's page.
  expect((await publicSightings(request, name, slug)).page).toBe(404);
  const preview = await staff.context().newPage();
  const previewed = await preview.goto(`/location/${slug}`);
  expect(previewed?.status()).toBe(200);
  expect(previewed?.headers()["cache-control"]).toBe("private, no-store");
  await expect(preview.getByRole("note")).toContainText("Preview: Draft. This page is not public.");
  await expectNoAxeViolations(preview);
  await preview.close();

  // Published: visible everywhere.
  await staff.getByLabel("Status").selectOption("published");
  await staff.getByRole("button", { name: "Save changes" }).click();
  await expect(staff.getByText("Location saved")).toBeVisible(SLOW);
  await expect
    .poll(() => publicSightings(request, name, slug), { timeout: 15_000 })
    .toEqual({ list: true, feed: true, map: true, sitemap: true, page: 200 });

  // The decision is kept: the accepted tab lists it with the draft it became, and the audit log has it.
  await staff.goto("/admin/dashboard/moderation?status=accepted");
  await staff.getByRole("link", { name }).click();
  await expect(staff.getByText(/It became/)).toContainText("(published)");
  await staff.goto("/admin/dashboard");
  await expect(staff.getByText(`Accepted the proposed place "${name}" as a draft`)).toBeVisible();
  await visitor.context().close();
  await staff.context().close();
});

test("the suggestion form works at 320 px without sideways scrolling, and by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/suggest-a-place");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByLabel("Name of the place").focus();
  await page.keyboard.type("Keyboard Garden");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("What it is")).toBeFocused();
});

test("a visitor corrects a phone number; staff accept that field only; the history keeps it and a revert undoes it", async ({
  browser,
}) => {
  const slug = "Willamette-Commons-Permaculture-School";
  const oldPhone = "+1 (541) 555-0178";
  const newPhone = "+1 (541) 555-0199";
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/location/${slug}`);
  await expect(visitor.getByText(oldPhone)).toBeVisible();
  await visitor.getByRole("link", { name: "Suggest a correction" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Suggest a correction");
  await expect(visitor.getByLabel("Phone")).toHaveValue(oldPhone);
  await expectNoAxeViolations(visitor);
  await visitor.getByLabel("Phone").fill(newPhone);
  await visitor.getByLabel("Short description").fill("A school that is <em>not</em> what the page says.");
  await visitor.getByLabel("Comment").fill("They have a new number since October.");
  await visitor.waitForTimeout(HUMAN_PAUSE_MS);
  await visitor.getByRole("button", { name: "Send correction" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Thank you for your correction" })).toBeVisible();
  await visitor.goto(`/location/${slug}`);
  await expect(visitor.getByText(oldPhone)).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await staff.getByRole("link", { name: /Corrections waiting/ }).click();
  await staff.getByRole("link", { name: "Willamette Commons Permaculture School" }).first().click();
  await expect(staff.getByText("They have a new number since October.")).toBeVisible();
  const phone = staff.getByRole("group", { name: "Phone" });
  await expect(phone).toContainText(oldPhone);
  await expect(phone).toContainText(newPhone);
  await expectNoAxeViolations(staff);
  await staff.getByRole("group", { name: "Short description" }).getByLabel("Accept this field").uncheck();
  await staff.getByRole("button", { name: "Apply the accepted fields" }).click();
  await expect(staff.getByText("Correction accepted: the entry is updated")).toBeVisible(SLOW);

  await visitor.reload();
  await expect(visitor.getByText(newPhone)).toBeVisible();
  await expect(visitor.getByText("not what the page says")).toHaveCount(0);

  // The entry's history has the change, from the suggestion; reverting it puts the old number back.
  await visitor.goto("/locations?q=Willamette");
  await staff.goto("/admin/dashboard/locations?q=Willamette");
  await staff.getByRole("link", { name: "Willamette Commons Permaculture School" }).first().click();
  const history = staff.getByRole("region", { name: "History" });
  await expect(history).toContainText("accepting a visitor's suggestion");
  await expect(history).toContainText(newPhone);
  await expectNoAxeViolations(staff);
  const revert = history.getByRole("button", { name: /Revert revision/ }).first();
  await revert.click();
  await expect(staff.getByText(/Revision \d+ reverted/)).toBeVisible(SLOW);
  await expect(staff.getByRole("region", { name: "History" })).toContainText("reverting revision");
  await visitor.goto(`/location/${slug}`);
  await expect(visitor.getByText(oldPhone)).toBeVisible();
  await visitor.context().close();
  await staff.context().close();
});

test("an approved application gives a prefilled draft place, not public until published", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const applicant = `Ama Owusu ${stamp}`;
  const organisation = `Volta Seed School ${stamp}`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/application");
  await visitor.getByLabel("Full name").fill(applicant);
  await visitor.getByRole("main").getByLabel("E-mail address").fill(`ama.${stamp}@volta.example`);
  await visitor.getByRole("radio", { name: /Educator/ }).check();
  await visitor.getByLabel("Organisation or location name").fill(organisation);
  await visitor.getByLabel("Country").fill("Ghana");
  await visitor.getByRole("combobox", { name: "Region", exact: true }).selectOption({ label: "Africa" });
  await visitor.getByRole("checkbox", { name: "Soil Health" }).check();
  await visitor.getByLabel("Your experience").fill("Six years teaching seed saving and agroforestry near Ho.");
  await visitor.getByLabel("What you are looking for").fill("Learners for our seed school's spring course.");
  await visitor.getByRole("checkbox", { name: /I agree/ }).check();
  await visitor.waitForTimeout(HUMAN_PAUSE_MS);
  await visitor.getByRole("button", { name: "Send application" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(/thank/i, SLOW);

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard$/, SLOW);
  await staff.goto("/admin/dashboard/applicants?status=NEEDS_REVIEW");
  await staff.getByRole("link", { name: applicant }).click();
  const details = staff.getByRole("region", { name: applicant });
  await details.getByRole("button", { name: "Move to under review" }).click();
  await expect(staff.getByText("Status changed to Under review")).toBeVisible();
  await details.getByRole("button", { name: "Approve" }).click();
  await expect(staff.getByText("Status changed to Approved")).toBeVisible();
  await details.getByRole("button", { name: "Create a draft place" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: `Edit location: ${organisation}` })).toBeVisible(SLOW);
  await expect(staff.getByLabel("Status")).toHaveValue("draft");
  await expect(staff.getByLabel("Country")).toHaveValue("Ghana");
  await expect(staff.getByLabel("Contact e-mail")).toHaveValue(`ama.${stamp}@volta.example`);
  await expect(staff.getByRole("link", { name: `the application of ${applicant}` })).toBeVisible();
  await expectNoAxeViolations(staff);

  const slug = organisation.replaceAll(" ", "-");
  expect((await visitor.goto(`/location/${slug}`))?.status()).toBe(404);
  await staff.getByLabel("Status").selectOption("published");
  await staff.getByRole("button", { name: "Save changes" }).click();
  await expect(staff.getByText("Location saved")).toBeVisible(SLOW);
  expect((await visitor.goto(`/location/${slug}`))?.status()).toBe(200);
  await visitor.context().close();
  await staff.context().close();
});

test("two near-identical places are flagged and merged; the old address answers 301", async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const keep = `Mossy Creek Farm ${stamp}`;
  const copy = `Mossy Creek Farms ${stamp}`;
  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(staff).toHaveURL(/\/admin\/dashboard$/, SLOW);
  for (const [name, lat] of [
    [keep, "45.1000"],
    [copy, "45.1010"],
  ] as const) {
    await staff.goto("/admin/dashboard/add");
    await staff.getByLabel("Name").fill(name);
    await staff.getByLabel("Country").fill("Canada");
    await staff.getByLabel("Latitude").fill(lat);
    await staff.getByLabel("Longitude").fill("-75.5");
    await staff.getByRole("button", { name: "Create location" }).click();
    await expect(staff.getByText("Location saved")).toBeVisible(SLOW);
  }
  // The second looked like the first: staff landed on its screen, with the likely duplicate listed.
  await expect(staff.getByText("It looks like a place already listed")).toBeVisible();
  await expect(staff.getByRole("region", { name: "Possible duplicates" })).toContainText(keep);
  expect((await request.get(`/location/${copy.replaceAll(" ", "-")}`, { maxRedirects: 0 })).status()).toBe(200);

  await staff.goto(`/admin/dashboard/locations?q=${encodeURIComponent(keep)}`);
  await staff.getByRole("link", { name: keep, exact: true }).first().click();
  const duplicates = staff.getByRole("region", { name: "Possible duplicates" });
  await expect(duplicates).toContainText(copy);
  await expect(duplicates).toContainText("km away");
  await expectNoAxeViolations(staff);
  await duplicates.getByRole("button", { name: `Merge “${copy}” into this place` }).click();
  await expect(staff.getByText(`Merged "${copy}" into this place`)).toBeVisible(SLOW);

  const old = await request.get(`/location/${copy.replaceAll(" ", "-")}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/location/${keep.replaceAll(" ", "-")}`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(`/location/${copy.replaceAll(" ", "-")}<`);
  expect(sitemap).toContain(`/location/${keep.replaceAll(" ", "-")}<`);
  await staff.context().close();
});
