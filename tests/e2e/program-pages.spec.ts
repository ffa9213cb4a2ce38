import { expectNoAxeViolations } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Program pages (issue 37): educators with a change-maker page link to it; topic chips lead to programs on that
 * topic; each program has its own calendar file and the list a webcal: subscription; the list filters by the host's
 * country; a long online course is its first day in a calendar, not an all-day event across eleven months.
 */

/** Satoyama Seasons Online Course (demo data): online, 1 December 2026 to 31 October 2027, taught by Hiroko Tanabe
 * (who has a change-maker page) and Kenji Moriwaki (who has none), hosted in Japan. */
const SATOYAMA = "/program/Satoyama-Seasons-Online-Course";

/** The VEVENT of a calendar whose SUMMARY starts with `name`, unfolded. */
function event(ics: string, name: string): string {
  const unfolded = ics.replace(/\r\n /g, "");
  return unfolded.split("BEGIN:VEVENT").find((e) => e.includes(`\r\nSUMMARY:${name}`)) ?? "";
}

test("educators link to their change-maker page; topics lead to programs on that topic", async ({ page }) => {
  await page.goto(SATOYAMA);
  const educators = page.getByRole("region", { name: "Educators" });
  await educators.getByRole("link", { name: "Hiroko Tanabe" }).click();
  await expect(page).toHaveURL(/\/change-makers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hiroko Tanabe" })).toBeVisible();
  await page.goBack();
  await expect(educators.getByText("Kenji Moriwaki")).toBeVisible();
  await expect(educators.getByRole("link", { name: "Kenji Moriwaki" })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole("region", { name: "Topics" }).getByRole("link", { name: "Environmental Education" }).click();
  await expect(page).toHaveURL(/\/programs\?focus=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Topic", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByLabel("Topic", { exact: true }).locator("option:checked")).toHaveText(
    "Environmental Education",
  );
  const upcoming = page.getByRole("region", { name: "Upcoming programs" });
  await expect(upcoming.getByRole("heading", { name: "Satoyama Seasons Online Course" })).toBeVisible();
  await expect(upcoming.getByRole("heading", { name: "Milpa and Seed Keeping Course" })).toBeVisible();
  await expect(upcoming.getByRole("heading", { name: "Cool Climate Food Forest Design Course" })).toHaveCount(0);
  // The list's cards link educators too.
  await expect(upcoming.getByRole("link", { name: "Hiroko Tanabe" })).toHaveAttribute("href", /\/change-makers\//);
  await expectNoAxeViolations(page);
});

test("in Spanish the topic chip leads to the Spanish programs list", async ({ page }) => {
  await page.goto(`/es${SATOYAMA}`);
  await page.getByRole("region", { name: "Temas" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/es\/programs\?focus=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Satoyama Seasons Online Course" })).toBeVisible();
});

test("a program's own calendar file: its first day for a long online course, in the page's language", async ({
  page,
  request,
}) => {
  await page.goto(SATOYAMA);
  const add = page.getByRole("link", { name: "Add to calendar" });
  const href = (await add.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/programs\.ics\?program=[0-9a-f-]{36}$/);
  const res = await request.get(href);
  expect(res.headers()["content-type"]).toContain("text/calendar");
  expect(res.headers()["content-disposition"]).toContain('attachment; filename="Satoyama-Seasons-Online-Course.ics"');
  const ics = await res.text();
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  const satoyama = event(ics, "Satoyama Seasons Online Course");
  // Not an all-day event from December to October: the first day, and the dates in the description.
  expect(satoyama).toContain("\r\nDTSTART;VALUE=DATE:20261201\r\n");
  expect(satoyama).toContain("\r\nDTEND;VALUE=DATE:20261202\r\n");
  expect(satoyama).toContain("SUMMARY:Satoyama Seasons Online Course (starts)");
  expect(satoyama).toContain("DESCRIPTION:Dates: 1 Dec");

  await page.goto(`/es${SATOYAMA}`);
  const spanish = await request.get(
    (await page.getByRole("link", { name: "Añadir al calendario" }).getAttribute("href")) ?? "",
  );
  expect(event(await spanish.text(), "Satoyama Seasons Online Course")).toContain(
    "Este evento marca solo el primer día.",
  );
  expect(await request.get("/programs.ics?program=not-a-program").then((r) => r.status())).toBe(404);
});

test("the programs calendar: short courses span their days, long ones are their first day", async ({ request }) => {
  const ics = await (await request.get("/programs.ics")).text();
  const cool = event(ics, "Cool Climate Food Forest Design Course");
  expect(cool).toContain("\r\nDTSTART;VALUE=DATE:20270510\r\n");
  expect(cool).toContain("\r\nDTEND;VALUE=DATE:20270522\r\n");
  const satoyama = event(ics, "Satoyama Seasons Online Course (starts)");
  expect(satoyama).toContain("\r\nDTEND;VALUE=DATE:20261202\r\n");
});

test("the list offers a webcal: subscription to what it shows, and filters by the host's country", async ({
  page,
  request,
}) => {
  await page.goto("/programs?format=online");
  const subscribe = page.getByRole("link", { name: "subscribe in your calendar app" });
  const webcal = (await subscribe.getAttribute("href")) ?? "";
  expect(webcal).toMatch(/^webcal:\/\/localhost:\d+\/programs\.ics\?format=online$/);
  const download = page.getByRole("link", { name: "download the programs calendar (iCalendar)" });
  const file = await request.get((await download.getAttribute("href")) ?? "");
  expect(file.headers()["content-type"]).toContain("text/calendar");
  expect(await file.text()).not.toContain("Cool Climate Food Forest Design Course");

  await page.goto("/programs");
  const filters = page.getByRole("search", { name: "Filter programs" });
  await filters.getByLabel("Country of the host location").selectOption({ label: "Japan" });
  await filters.getByRole("button", { name: "Show programs" }).click();
  await expect(page).toHaveURL(/country=Japan/);
  const upcoming = page.getByRole("region", { name: "Upcoming programs" });
  await expect(upcoming.getByRole("article")).toHaveCount(1);
  await expect(upcoming.getByRole("heading", { name: "Satoyama Seasons Online Course" })).toBeVisible();
  await expectNoAxeViolations(page);

  // In German, the countries are named in German and the subscription is in German.
  await page.goto("/de/programs?country=Japan");
  await expect(page.getByLabel("Land des Gastgeberorts").locator("option:checked")).toHaveText("Japan");
  await expect(page.getByLabel("Land des Gastgeberorts").locator("option", { hasText: "Brasilien" })).toHaveCount(1);
  const german =
    (await page.getByRole("link", { name: "in deiner Kalender-App abonnieren" }).getAttribute("href")) ?? "";
  expect(german).toMatch(/^webcal:\/\/.*\/programs\.ics\?country=Japan&lang=de$/);
  await expectNoAxeViolations(page);
});
