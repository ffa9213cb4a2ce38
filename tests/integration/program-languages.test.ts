import { beforeAll, describe, expect, it } from "vitest";
import { fieldsAlwaysSent } from "~/lib/schemas/form";
import { ProgramSchema } from "~/lib/schemas/program";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { MIN_FILL_MS } from "~/services/contributions/form-timing.server";
import { demoSiteServer } from "~tests/helpers/demo-server";
import { formBody } from "~tests/helpers/form-posts";
import { mainText } from "~tests/helpers/page-text";

/**
 * Languages of instruction against the built server (issue 37, decision 060): staff say which languages a program
 * is taught in; its page names them in the page's language; the list of programs and its calendar filter by one
 * (a GET form, so without JavaScript too); a visitor's correction of them reaches staff, who accept it. On the
 * embedded database, or on Postgres when TEST_DATABASE_URL is set.
 */
const ADMIN = { email: "languages-admin@example.org", password: "a-long-enough-password" };
const NAME = "Alpine Terraces Course";
const site = demoSiteServer("program-languages", ADMIN);
let cookie = "";
let programId = "";

beforeAll(async () => {
  cookie = await site.signIn();
});

const html = (p: string, signedIn = false) => site.get(p, signedIn ? { Cookie: cookie } : {});
/** A form post as a browser sends it from the site's page (as the administrator when `signedIn`). */
const post = (p: string, fields: Record<string, string | string[]>, signedIn = false) =>
  fetch(`${site.server.url}${p}`, {
    method: "POST",
    body: formBody(fields),
    redirect: "manual",
    headers: { Origin: site.server.url, ...(signedIn ? { Cookie: cookie } : {}) },
  });
/** The options of a select by its name: [value, label]. */
const options = (page: string, name: string) => {
  const select = page.match(new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`))?.[0] ?? "";
  return [...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]?.trim()]);
};
/** The values of the ticked checkboxes of a name. */
const ticked = (page: string, name: string) =>
  [...page.matchAll(/<input [^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(`name="${name}"`) && tag.includes('type="checkbox"') && tag.includes('checked=""'))
    .map((tag) => tag.match(/value="([^"]*)"/)?.[1]);
/** The names of the programs a list shows as upcoming. */
const upcoming = (page: string) => {
  const section = page.match(/<section aria-labelledby="upcoming-heading"[\s\S]*?<\/section>/)?.[0] ?? "";
  return [...section.matchAll(/<h3[^>]*>[\s\S]*?<a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]?.trim());
};
/** The JSON-LD of a page. */
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? "null"),
  );

describe("languages of instruction, against the built server", () => {
  it("staff save the languages a program is taught in, and its page names them in Spanish and German", async () => {
    const form = await html("/admin/dashboard/programs/add", true);
    expect(form).toContain("Languages of instruction");
    expect(form).toMatch(/<input[^>]*type="checkbox"[^>]*name="instructionLanguages"[^>]*value="it"/);

    const blank = Object.fromEntries(fieldsAlwaysSent(ProgramSchema).map((k) => [k, ""]));
    const saved = await post(
      "/admin/dashboard/programs/add",
      {
        ...blank,
        name: NAME,
        summary: "Five days rebuilding dry-stone terraces above the valley.",
        startDate: "2030-09-02",
        endDate: "2030-09-06",
        status: "published",
        language: "en",
        instructionLanguages: ["", "sl", "it"],
      },
      true,
    );
    expect(saved.status).toBe(302);

    const spanish = await html("/es/program/Alpine-Terraces-Course");
    const es = mainText(spanish);
    expect(es).toContain("Idiomas de enseñanza");
    // Named by Intl in Spanish, in its order, "y" written "e" before "italiano".
    expect(es).toContain("Esloveno e italiano");
    const german = mainText(await html("/de/program/Alpine-Terraces-Course"));
    expect(german).toContain("Unterrichtssprachen");
    expect(german).toContain("Italienisch und Slowenisch");
    const english = await html("/program/Alpine-Terraces-Course");
    expect(mainText(english)).toContain("Taught in Italian and Slovenian");

    // The course as given is in Italian and Slovenian; the Course's own inLanguage stays its text's (English).
    const course = jsonLd(english).find((d) => d?.["@type"] === "Course");
    expect(course?.inLanguage).toBe("en");
    expect(course?.hasCourseInstance?.[0]?.inLanguage).toEqual(["it", "sl"]);
    programId = spanish.match(/\/suggest-a-correction\/program\/([0-9a-f-]{36})/)?.[1] ?? "";
    expect(programId).not.toBe("");
  });

  it("the list filters by a language of instruction with a plain GET form, in the page's language", async () => {
    const spanish = await html("/es/programs");
    expect(mainText(spanish)).toContain("Idioma de enseñanza");
    expect(options(spanish, "taughtIn")).toEqual(
      expect.arrayContaining([
        ["", "Cualquier idioma"],
        ["it", "Italiano"],
        ["pt", "Portugués"],
        ["qu", "Quechua"],
      ]),
    );
    // Only languages some published program is taught in are offered.
    expect(options(spanish, "taughtIn").map((o) => o[0])).not.toContain("ko");

    expect(upcoming(await html("/programs?taughtIn=it"))).toEqual([NAME]);
    const portuguese = upcoming(await html("/programs?taughtIn=pt"));
    expect(portuguese).toEqual(
      expect.arrayContaining(["Water Retention Landscapes Course", "Community Composting Starter Course"]),
    );
    expect(portuguese).not.toContain("Cool Climate Food Forest Design Course");
    expect(portuguese).not.toContain(NAME);

    // German: the chosen language stays selected, and each card says what it is taught in.
    const german = await html("/de/programs?taughtIn=it");
    expect(german).toMatch(/<option value="it" selected="">Italienisch<\/option>/);
    expect(mainText(german)).toContain("Unterricht auf Italienisch und Slowenisch");
    // Filters with a language the list does not know are ignored, with a note.
    expect(mainText(await html("/programs?taughtIn=tlh"))).toContain("not recognised and have been ignored");

    // The calendar follows the filter and says the languages in each event.
    const ics = (await html("/programs.ics?taughtIn=it")).replace(/\r\n /g, "");
    expect(ics).toContain(`SUMMARY:${NAME}`);
    expect(ics).toContain("Taught in Italian and Slovenian");
    expect(ics).not.toContain("Cool Climate Food Forest Design Course");
  });

  it("a visitor corrects the languages from the German page, and staff accept it", async () => {
    const page = await html(`/pt/suggest-a-correction/program/${programId}`);
    expect(ticked(page, "instructionLanguages").sort()).toEqual(["it", "sl"]);
    expect(mainText(page)).toContain("Idiomas das aulas");
    expect(mainText(page)).toContain("Mais idiomas");

    // The form's own timing token, sent once a person could have filled it in.
    const token = page.match(new RegExp(`name="${PROPOSAL_TOKEN_FIELD}" value="([^"]+)"`))?.[1] ?? "";
    expect(token).not.toBe("");
    await new Promise((r) => setTimeout(r, MIN_FILL_MS + 200));
    const sent = await post(`/de/suggest-a-correction/program/${programId}`, {
      [PROPOSAL_TOKEN_FIELD]: token,
      instructionLanguages: ["", "it"],
    });
    expect(sent.status).toBe(303);

    const queue = await html("/admin/dashboard/moderation", true);
    const review = queue.match(/\/admin\/dashboard\/moderation\/[0-9a-f-]{36}/)?.[0] ?? "";
    expect(review).not.toBe("");
    const item = mainText(await html(review, true));
    expect(item).toContain("Italian and Slovenian (it,sl)");
    expect(item).toContain("Italian (it)");
    const accepted = await post(
      review,
      { intent: "accept-correction", use_instructionLanguages: "on", instructionLanguages: "it" },
      true,
    );
    expect(accepted.status).toBe(302);
    const german = mainText(await html("/de/program/Alpine-Terraces-Course"));
    expect(german).toContain("Unterrichtssprache Italienisch");
    expect(german).not.toContain("Slowenisch");
  });
});
