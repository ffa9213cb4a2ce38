import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { HtmlValidate } from "html-validate";
import { E2E_ADMIN } from "../../playwright.config";
import { SLOW, signIn } from "./admin-core-helpers";
import { ADMIN_SCREENS } from "./admin-screens";
import { expect, test } from "./fixtures";

// The HTML every page sends conforms to the HTML standard. Two checkers: html-validate's "standard" preset (the
// rules of the specification: content models, required and allowed attributes, unique ids, closing order) always,
// and the W3C Nu Html Checker (`vnu-jar`, the validator.w3.org engine) where Java is installed, for what only it
// knows (srcset and sizes, ARIA roles allowed per input type). CSS messages are left out: the Nu checker does not
// know current CSS (container queries, anchor positioning, @property). The server's HTML is what crawlers,
// readers and assistive technology get first.
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });
const hasJava = spawnSync("java", ["-version"]).status === 0;

async function fetchHtml(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url, { maxRedirects: 0 });
  expect(res.headers()["content-type"] ?? "", `${url} is HTML`).toContain("text/html");
  return res.text();
}

/** Every conformance problem in the given pages, as lines naming the page, the place and the rule. */
async function problems(pages: Map<string, string>): Promise<string[]> {
  const found: string[] = [];
  for (const [url, html] of pages) {
    const report = await validator.validateString(html, url);
    for (const r of report.results) {
      for (const m of r.messages) found.push(`${url} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
  }
  if (hasJava) found.push(...nuChecker(pages));
  return found;
}

function nuChecker(pages: Map<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-"));
  const urlOf = new Map<string, string>();
  for (const [url, html] of pages) {
    const file = path.join(dir, `page-${urlOf.size}.html`);
    fs.writeFileSync(file, html);
    urlOf.set(file, url);
  }
  const jar = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
  const args = ["-jar", jar, "--errors-only", "--filterpattern", ".*CSS:.*", "--format", "json", ...urlOf.keys()];
  // The report is JSON on standard error.
  const r = spawnSync("java", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  fs.rmSync(dir, { recursive: true, force: true });
  const report = JSON.parse(r.stderr) as {
    messages: { type: string; url?: string; lastLine?: number; message: string }[];
  };
  return report.messages
    .filter((m) => m.type !== "info")
    .map((m) => `${urlOf.get((m.url ?? "").replace(/^file:/, "")) ?? m.url} ${m.lastLine ?? 0} nu: ${m.message}`);
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
  const page = await (await request.get(location)).text();
  const correction = /href="(\/suggest-a-correction\/[^"]+)"/.exec(page)?.[1];
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
    "/open-data",
    "/fr/open-data",
    "/search?q=farm",
    "/search?q=zzzzzz",
    location,
    program,
    person,
    correction ?? "",
    "/no-such-page",
    // Pages in other languages (the language switcher, translated shell, alternates).
    "/es",
    "/es/locations",
    `/de${location}`,
    "/fr/programs",
    "/pt/no-such-page",
    `/es${program}`,
    "/de/resources?type=book",
    `/de${person}`,
    "/es/podcast",
    "/es/newsletter",
    "/de/newsletter/unsubscribe",
    // The podcast e-mails' link pages (decision 057).
    "/es/podcast/unsubscribe",
    "/fr/podcast/confirm?token=nope",
    "/es/privacy",
    // The list of places, the map and search in other languages.
    "/de/map",
    "/fr/locations?q=zzzzzz",
    "/es/search?q=soil",
    "/de/search?q=zzzzzz",
    // The public forms in other languages.
    "/es/application",
    "/de/suggest-a-place",
    `/es${correction ?? ""}`,
    "/fr/entry/confirm?token=nope",
  ];
  const html = new Map<string, string>();
  for (const url of pages) html.set(url, await fetchHtml(request, url));
  expect(await problems(html)).toEqual([]);
});

test("every admin screen's HTML conforms", async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  const html = new Map([["/admin/login", await fetchHtml(request, "/admin/login")]]);
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, SLOW);
  const edit = await firstLink(request, "/admin/dashboard/locations", "/admin/dashboard/edit/");
  const programEdit = await firstLink(request, "/admin/dashboard/programs", "/admin/dashboard/programs/edit/");
  for (const url of [
    ...ADMIN_SCREENS,
    "/admin/dashboard/no-such-screen",
    "/admin/no-such-screen",
    edit,
    programEdit,
    // The episode editor with its "E-mail this episode" choice, and the waiting subscribers (decision 057).
    "/admin/dashboard/podcast?edit=new&sstate=awaiting",
  ])
    html.set(url, await fetchHtml(request, url));
  expect(await problems(html)).toEqual([]);
});
