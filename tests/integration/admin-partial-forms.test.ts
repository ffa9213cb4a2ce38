import { describe, expect, it } from "vitest";
import { type ScrapedForm, scrapeForm } from "../helpers/html-forms";
import { decodeEntities } from "../helpers/page-text";
import { signedInServer } from "../helpers/signed-in-server";

// An admin entry form always sends every text field, text area and select it shows. A post that leaves one out
// (a script, an outdated page) is refused with 400 and changes nothing: it is never read as "empty these fields".
// A field sent empty still empties it. Each edit screen is read as a browser reads it, then posted to.

const SITE = "https://permaculture.example";
const OWNER = { email: "owner@example.org", password: "a-long-enough-password" };
const owner = signedInServer(SITE, OWNER, "admin-partial-");

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

const get = async (p: string) => {
  const res = await owner.get(p);
  expect(res.status, p).toBe(200);
  return res.text();
};

const post = (p: string, fields: [string, string][]) => owner.post(p, new URLSearchParams(fields));

type Screen = {
  what: string;
  /** The edit screen's address, found on the admin's list. */
  page: () => Promise<string>;
  /** A field only the form being tested has. */
  marker: string;
  /** Fields the post needs besides the form's (the button pressed). */
  button?: [string, string][];
  /** What the partial post sends: a change to one field, the rest left out. */
  partial: [string, string];
  /** A complete post with this field changed (to "" where an empty field empties it) must save. */
  change: [string, string];
  /** The refusal's message, when the screen's schema words it (a text's body is required of every post). */
  refusal?: RegExp;
};

const firstEdit = (list: string, pattern: RegExp) => async () => {
  const href = (await get(list)).match(pattern)?.[0];
  if (!href) throw new Error(`no edit link on ${list}`);
  return decodeEntities(href);
};

const SCREENS: Screen[] = [
  {
    what: "a location",
    page: firstEdit("/admin/dashboard/locations", new RegExp(`/admin/dashboard/edit/${UUID}`)),
    marker: "shortDescription",
    partial: ["name", "Only the name"],
    change: ["shortDescription", ""],
  },
  {
    what: "a program",
    page: firstEdit("/admin/dashboard/programs", new RegExp(`/admin/dashboard/programs/edit/${UUID}`)),
    marker: "summary",
    partial: ["name", "Only the name"],
    change: ["summary", ""],
  },
  {
    what: "a resource",
    page: firstEdit("/admin/dashboard/resources", new RegExp(`/admin/dashboard/resources/edit/${UUID}`)),
    marker: "description",
    partial: ["title", "Only the title"],
    change: ["description", ""],
  },
  {
    what: "a change-maker",
    page: firstEdit("/admin/dashboard/change-makers", new RegExp(`/admin/dashboard/change-makers/edit/${UUID}`)),
    marker: "bio",
    partial: ["name", "Only the name"],
    change: ["role", ""],
  },
  {
    what: "a podcast episode",
    page: firstEdit("/admin/dashboard/podcast", new RegExp(`/admin/dashboard/podcast\\?edit=${UUID}`)),
    marker: "showNotes",
    partial: ["title", "Only the title"],
    change: ["summary", ""],
  },
  {
    what: "the site settings",
    page: async () => "/admin/dashboard/site-settings",
    marker: "mapStyleUrl",
    partial: ["contactEmail", "partial@example.org"],
    change: ["contactEmail", "changed@example.org"],
  },
  {
    what: "a page text",
    page: firstEdit("/admin/dashboard/pages", /\/admin\/dashboard\/pages\/[a-z][a-z-]*/),
    marker: "body",
    button: [["intent", "save"]],
    partial: ["intent", "save"],
    change: ["body", "A complete form saves this text."],
    refusal: /Write the text/,
  },
];

/** A form's fields by name (the last value of a repeated name: a comparison, not a post). */
const valuesOf = (form: ScrapedForm) => new Map(form.fields);

describe("admin entry forms posted in part", () => {
  for (const screen of SCREENS) {
    it(`refuses a partial post to ${screen.what} with 400 and changes nothing; a complete form saves`, async () => {
      const page = await screen.page();
      const before = scrapeForm(await get(page), screen.marker);
      const target = before.action ?? page;
      // What names the entry and the action in a form (the podcast's hidden id and intent) goes with the partial
      // post, so only fields are missing.
      const carried = before.fields.filter(([k]) => k === "id" || k === "intent");

      const partial = await post(target, [...carried, ...(screen.button ?? []), screen.partial]);
      const message = await partial.text();
      expect(partial.status).toBe(400);
      expect(message).toMatch(screen.refusal ?? /The form arrived without the fields? .*nothing was saved/);
      expect(valuesOf(scrapeForm(await get(page), screen.marker))).toEqual(valuesOf(before));

      const [field, value] = screen.change;
      expect(valuesOf(before).get(field), `${field} should have a value to change`).not.toBe(value);
      const complete = before.fields.map(([k, v]): [string, string] => [k, k === field ? value : v]);
      const saved = await post(target, [...complete, ...(screen.button ?? [])]);
      expect(saved.status, await saved.text()).toBe(302);
      const after = valuesOf(scrapeForm(await get(page), screen.marker));
      expect(after.get(field)).toBe(value);
      expect(after).toEqual(new Map([...valuesOf(before), [field, value]]));
    });
  }
});
