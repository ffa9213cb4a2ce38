import type { APIRequestContext } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { expect, test } from "./fixtures";

// The HTML every page sends conforms to the HTML standard, checked with html-validate's "standard" preset (the
// rules of the specification: content models, required and allowed attributes, unique ids, closing order, valid
// ARIA), not its style rules. The server's HTML is what crawlers, readers and assistive technology get first.
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

async function problems(request: APIRequestContext, path: string): Promise<string[]> {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.headers()["content-type"] ?? "", `${path} is HTML`).toContain("text/html");
  const report = await validator.validateString(await res.text(), path);
  return report.results.flatMap((r) =>
    r.messages.map((m) => `${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ""})`),
  );
}

/** The first link on a list page that starts with `prefix` (a detail page of the demo content). */
async function firstLink(request: APIRequestContext, list: string, prefix: string): Promise<string> {
  const html = await (await request.get(list)).text();
  const href = new RegExp(`href="(${prefix}[^"?#]+)"`).exec(html)?.[1];
  expect(href, `${list} links to a ${prefix} page`).toBeTruthy();
  return (href ?? "").replaceAll("&amp;", "&");
}

test("every public page's HTML conforms", async ({ request }) => {
  const location = await firstLink(request, "/locations", "/location/");
  const program = await firstLink(request, "/programs", "/program/");
  const person = await firstLink(request, "/change-makers", "/change-makers/");
  const html = await (await request.get(location)).text();
  const correction = /href="(\/suggest-a-correction\/[^"]+)"/.exec(html)?.[1];
  expect(correction, "a location page links to its correction form").toBeTruthy();
  const pages = [
    "/",
    "/locations",
    "/locations?region=europe&page=1",
    "/map",
    "/programs",
    "/change-makers",
    "/resources",
    "/podcast",
    "/application",
    "/suggest-a-place",
    "/newsletter",
    "/about",
    "/privacy",
    "/terms",
    "/search?q=farm",
    "/search?q=zzzzzz",
    location,
    program,
    person,
    correction ?? "",
    "/no-such-page",
  ];
  const found: string[] = [];
  for (const path of pages) found.push(...(await problems(request, path)));
  expect(found).toEqual([]);
});

test("every admin screen's HTML conforms", async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  expect(await problems(request, "/admin/login")).toEqual([]);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  const screens = [
    "/admin/dashboard",
    "/admin/dashboard/locations",
    "/admin/dashboard/add",
    "/admin/dashboard/programs",
    "/admin/dashboard/programs/add",
    "/admin/dashboard/change-makers",
    "/admin/dashboard/change-makers/add",
    "/admin/dashboard/resources",
    "/admin/dashboard/resources/add",
    "/admin/dashboard/applicants",
    "/admin/dashboard/newsletter",
    "/admin/dashboard/newsletter/issues",
    "/admin/dashboard/podcast",
    "/admin/dashboard/users",
    "/admin/dashboard/analytics",
    "/admin/dashboard/request-stats",
    "/admin/dashboard/outbox",
    "/admin/dashboard/moderation",
    "/admin/dashboard/site-settings",
    "/admin/dashboard/media-library",
    "/admin/dashboard/no-such-screen",
    "/admin/no-such-screen",
  ];
  const edit = await firstLink(request, "/admin/dashboard/locations", "/admin/dashboard/edit/");
  const programEdit = await firstLink(request, "/admin/dashboard/programs", "/admin/dashboard/programs/edit/");
  const found: string[] = [];
  for (const path of [...screens, edit, programEdit]) found.push(...(await problems(request, path)));
  expect(found).toEqual([]);
});
