import { describe, expect, it } from "vitest";
import { DATA_LICENCES, dataAttribution, dataLicence } from "~/lib/data-licences";
import { LANGUAGES, localizeHref } from "~/lib/i18n/languages";
import { DEFAULT_PAGE_TEXTS } from "~/lib/page-text-defaults";
import { pageTextDefinition } from "~/lib/page-texts";
import * as siteSettings from "~/routes/admin/site-settings";
import * as termsRoute from "~/routes/terms";
import { adminHarnessForFile, call, dataResult, formRequest, getRequest, settle } from "~tests/helpers/admin-context";
import { savePageText } from "./page-texts.server";

/**
 * The terms state the data licence staff chose (issue 37, decision 057): CC BY 4.0 until they choose, ODbL or CC0
 * when they do, in every language of the starting texts; a site whose terms were saved keeps its words, and staff
 * are told they do not state the licence.
 */
const h = adminHarnessForFile("licence-admin@example.org", { reference: false });

async function termsHtml(lang: (typeof LANGUAGES)[number]): Promise<string> {
  const page = (await call(termsRoute.loader, getRequest(localizeHref("/terms", lang)), h.context)) as { html: string };
  return page.html;
}

/** Saves Site settings as the screen posts them, with this licence. */
async function saveLicence(licence: string, dataAttribution = "") {
  return settle(() =>
    call(
      siteSettings.action,
      formRequest("/admin/dashboard/site-settings", {
        nav: ["home", "locations"],
        contactEmail: "team@example.org",
        mapStyleUrl: "",
        freshnessMonths: "12",
        dataLicence: licence,
        dataAttribution,
      }),
      h.context,
    ),
  );
}

describe("the data licence on the terms page", () => {
  it("no longer limits reuse to non-commercial purposes, and names CC BY 4.0 until staff choose, in every language", async () => {
    for (const lang of LANGUAGES) {
      const html = await termsHtml(lang);
      expect({ lang, html }).toMatchObject({
        html: expect.stringContaining(
          '<a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 International (CC BY 4.0)</a>',
        ),
      });
      expect(html).not.toMatch(/non-commercial|no comercial|não comercia|non commercia|nicht-?kommerziell/i);
      expect(html).not.toContain("{{data-licence}}");
    }
  });

  it("states the licence staff choose in Site settings, in every language", async () => {
    const saved = await saveLicence("ODbL-1.0");
    expect(((saved.value ?? saved.thrown) as Response).status).toBe(302);
    for (const lang of LANGUAGES) {
      expect(await termsHtml(lang)).toContain(
        '<a href="https://opendatacommons.org/licenses/odbl/1-0/">Open Data Commons Open Database License 1.0 (ODbL 1.0)</a>',
      );
    }
    const loaded = (await call(siteSettings.loader, getRequest("/admin/dashboard/site-settings"), h.context)) as {
      data: { general: { dataLicence: string } };
    };
    expect(loaded.data.general.dataLicence).toBe("ODbL-1.0");
  });

  it("refuses a licence that is not on the list, changing nothing", async () => {
    const refused = dataResult<{ fields: Record<string, string> }>((await saveLicence("CC-BY-NC-4.0")).value);
    expect(refused.status).toBe(400);
    expect(refused.data.fields.dataLicence).toBe("Choose one of the licences listed.");
    expect(await termsHtml("en")).toContain("(ODbL 1.0)");
  });

  it("keeps the attribution staff write beside the licence, within its length and on one line", async () => {
    const saved = await saveLicence("ODbL-1.0", "  Data: Permaculture Network and friends  ");
    expect(((saved.value ?? saved.thrown) as Response).status).toBe(302);
    const loaded = (await call(siteSettings.loader, getRequest("/admin/dashboard/site-settings"), h.context)) as {
      data: { general: { dataAttribution: string } };
    };
    expect(loaded.data.general.dataAttribution).toBe("Data: Permaculture Network and friends");
    const long = dataResult<{ fields: Record<string, string> }>((await saveLicence("ODbL-1.0", "x".repeat(301))).value);
    expect(long.status).toBe(400);
    expect(long.data.fields.dataAttribution).toBe("Keep the attribution to 300 characters or fewer.");
    // Emptied: the open data states "© <site name> contributors" again.
    await saveLicence("ODbL-1.0", "");
    expect(dataAttribution("", "Permaculture Network")).toBe("© Permaculture Network contributors");
  });

  it("keeps terms a site saved before, and tells staff that they do not state the licence", async () => {
    const terms = pageTextDefinition("terms");
    if (!terms) throw new Error("no terms definition");
    const old = DEFAULT_PAGE_TEXTS.terms.replace(
      /Their facts and texts are published under[^\n]*/,
      "You may reuse them for non-commercial and community purposes, with a link back to the listing.",
    );
    await savePageText(h.context.services, { def: terms, body: old, user: { id: h.userId, email: "x@example.org" } });
    expect(await termsHtml("en")).toContain("non-commercial and community purposes");
    const loaded = (await call(siteSettings.loader, getRequest("/admin/dashboard/site-settings"), h.context)) as {
      data: { termsMissingLicence: string[] };
    };
    expect(loaded.data.termsMissingLicence).toEqual(["en"]);
  });

  it("lists each licence once, with its SPDX identifier, name and address; anything else reads as the default", () => {
    expect(DATA_LICENCES.map((l) => l.spdx)).toEqual(["CC-BY-4.0", "ODbL-1.0", "CC0-1.0"]);
    for (const l of DATA_LICENCES) expect(l.url).toMatch(/^https:\/\//);
    expect(dataLicence("CC-BY-NC-4.0").spdx).toBe("CC-BY-4.0");
  });
});
