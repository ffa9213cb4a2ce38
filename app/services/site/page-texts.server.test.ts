import { sql } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { websiteJsonLd } from "~/lib/jsonld";
import { DEFAULT_PAGE_TEXTS } from "~/lib/page-text-defaults";
import { pageTextDefinition } from "~/lib/page-texts";
import * as aboutRoute from "~/routes/about";
import * as pageTextRoute from "~/routes/admin/page-text";
import * as podcastFeed from "~/routes/feeds/podcast-rss";
import * as homeRoute from "~/routes/home";
import * as privacyRoute from "~/routes/privacy";
import * as layoutRoute from "~/routes/public-layout";
import { pageMessagesJson } from "~/server-lib/messages.server";
import { adminHarnessForFile, call, dataResult, formRequest, getRequest, settle } from "~tests/helpers/admin-context";
import { ContentVersionWatcher } from "../entries/content-version.server";
import { getPageTextForEdit, getPublicPageTexts, restorePageTextRevision, savePageText } from "./page-texts.server";

const editor = { id: "u1", email: "owner@example.org" };
const privacy = pageTextDefinition("privacy");
const siteName = pageTextDefinition("site-name");
if (!privacy || !siteName) throw new Error("definitions missing");

const h = adminHarnessForFile("pages-admin@example.org", { reference: false });
/** The test database's own connection and bus, as the services call them, with a silent logger. */
const services = () => ({ db: h.t.db, bus: h.t.bus, logger: pino({ level: "silent" }) });

/** A post of the page-text edit screen's form for the text `key`. */
const post = (key: string, fields: Record<string, string>) =>
  settle(() => call(pageTextRoute.action, formRequest(`/admin/dashboard/pages/${key}`, fields), h.context, { key }));

/** What the public /privacy page's loader hands the page. */
async function privacyPage() {
  const result = await call(privacyRoute.loader, getRequest("/privacy"), h.context);
  return result as { lead: string; html: string; updatedAt: string };
}

describe(`page texts (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("shows the built-in texts while nothing is stored (an upgraded database)", async () => {
    const page = await privacyPage();
    expect(page.html).toContain('<h2 id="who-is-responsible">Who is responsible</h2>');
    expect(page.html).toContain("Permaculture Network is run by a small volunteer team.");
    expect(page.updatedAt).toBe("2026-11-22T12:00:00.000Z");
    const layout = (await call(layoutRoute.loader, getRequest("/"), h.context)) as { siteName: string };
    expect(layout.siteName).toBe("Permaculture Network");
    const edit = await getPageTextForEdit(h.t, privacy);
    expect(edit).toMatchObject({ body: DEFAULT_PAGE_TEXTS.privacy, updatedAt: null, revisions: [] });
  });

  it("stores every save as a revision and restores an old one as a new revision", async () => {
    const first = await savePageText(services(), { def: privacy, body: "## First\n\nVersion one.", user: editor });
    const second = await savePageText(services(), { def: privacy, body: "## Second\n\nVersion two.", user: editor });
    let edit = await getPageTextForEdit(h.t, privacy);
    expect(edit.body).toBe("## Second\n\nVersion two.");
    expect(edit.revisions.map((r) => [r.id, r.by, r.current])).toEqual([
      [second.id, "owner@example.org", true],
      [first.id, "owner@example.org", false],
    ]);

    const restored = await restorePageTextRevision(services(), { def: privacy, revisionId: first.id, user: editor });
    expect(restored?.revision.restoredFrom).toBe(first.id);
    edit = await getPageTextForEdit(h.t, privacy);
    expect(edit.body).toBe("## First\n\nVersion one.");
    expect(edit.revisions).toHaveLength(3);
    expect(edit.revisions[0]).toMatchObject({ restoredFrom: first.id, current: true });

    // A revision of another text is not this text's to restore.
    const other = await savePageText(services(), { def: siteName, body: "Green Hands", user: editor });
    expect(await restorePageTextRevision(services(), { def: privacy, revisionId: other.id, user: editor })).toBeNull();
    expect(await restorePageTextRevision(services(), { def: privacy, revisionId: 999_999, user: editor })).toBeNull();
    await savePageText(services(), { def: siteName, body: "Permaculture Network", user: editor });
  });

  it("a save through the edit screen changes what the public page's loader returns, date included", async () => {
    const before = await privacyPage();
    const res = await post("privacy", { intent: "save", body: "## Changed\n\nNew policy words." });
    expect((res.value as Response).status).toBe(302);
    // The change is announced on the bus; the cached copy is dropped and the next page reads the new text.
    expect(
      h.published.some(([channel, payload]) => channel === "content_changed" && payload.includes("settings")),
    ).toBe(true);
    await vi.waitFor(async () => expect((await privacyPage()).html).toContain("New policy words."));
    const after = await privacyPage();
    expect(after.html).toContain('<h2 id="changed">Changed</h2>');
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  it("keeps its copy between changes and catches a write nobody announced through the content-version check", async () => {
    const watcher = new ContentVersionWatcher(services());
    await watcher.check();
    const spy = vi.spyOn(h.t.db, "selectDistinctOn");
    await privacyPage();
    await privacyPage();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    // As another instance's save (whose notification was lost) or psql would write it.
    await h.t.db.execute(
      sql`INSERT INTO page_text_revisions (key, language, body) VALUES ('privacy', 'en', 'Written elsewhere.')`,
    );
    expect((await privacyPage()).html).not.toContain("Written elsewhere.");
    expect(await watcher.check()).toContain("settings");
    expect((await privacyPage()).html).toBe("<p>Written elsewhere.</p>");
  });

  it("falls back to English for a language without its own text", async () => {
    await h.t.db.execute(
      sql`INSERT INTO page_text_revisions (key, language, body) VALUES ('terms', 'de', 'Nutzungsbedingungen.')`,
    );
    const de = await getPublicPageTexts(services(), "de");
    expect(de.terms.html).toBe("<p>Nutzungsbedingungen.</p>");
    expect(de.privacy.html).toBe("<p>Written elsewhere.</p>");
    expect(de.siteName).toBe("Permaculture Network");
  });
});

describe("the site's name", () => {
  it("once saved, names the site in the header data, page titles, the home page's JSON-LD and the podcast feed", async () => {
    const res = await post("site-name", { intent: "save", body: "Green Hands" });
    expect((res.value as Response).status).toBe(302);
    try {
      const layout = await vi.waitFor(async () => {
        const data = (await call(layoutRoute.loader, getRequest("/"), h.context)) as { siteName: string };
        expect(data.siteName).toBe("Green Hands");
        return data;
      });
      // The root route's data carries the page's language and its messages (the title's words).
      const root = { id: "root", loaderData: { lang: "en", messages: pageMessagesJson("en", "/privacy") } };
      const matches = [root, { id: "routes/public-layout", loaderData: layout }];
      const tags = privacyRoute.meta({ loaderData: await privacyPage(), matches } as never);
      expect(tags).toContainEqual({ title: "Privacy Policy | Green Hands" });
      expect(tags).toContainEqual({ property: "og:site_name", content: "Green Hands" });
      expect(websiteJsonLd({ siteUrl: "http://localhost", name: layout.siteName, description: "d" }).name).toBe(
        "Green Hands",
      );
      const feed = await ((await call(podcastFeed.loader, getRequest("/podcast.xml"), h.context)) as Response).text();
      expect(feed).toContain("<title>Green Hands Podcast</title>");
    } finally {
      await savePageText(h.context.services, { def: siteName, body: "Permaculture Network", user: editor });
    }
  });
});

describe("the home page's and footer's texts in the page's language", () => {
  const heading = pageTextDefinition("home-heading");
  type Home = { heading: string; headingLang: string; introHtml: string; introLang: string };
  const home = async (path: string) => (await call(homeRoute.loader, getRequest(path), h.context)) as Home;
  const layout = async (path: string) =>
    (await call(layoutRoute.loader, getRequest(path), h.context)) as {
      footerTagline: string;
      footerTaglineLang: string;
    };

  it("come translated while the English is the starting text; an owner's English shows marked until translated", async () => {
    if (!heading) throw new Error("definition missing");
    const es = await home("/es");
    expect(es).toMatchObject({ heading: "Aprende y enseña permacultura, estés donde estés", headingLang: "es" });
    expect(es.introHtml).toContain("Conectamos a quienes enseñan y aprenden permacultura");
    expect(es.introLang).toBe("es");
    expect(await layout("/de/locations")).toMatchObject({
      footerTagline: expect.stringContaining("Wir verbinden Lehrende und Lernende der Permakultur weltweit."),
      footerTaglineLang: "de",
    });
    expect(await home("/")).toMatchObject({ heading: DEFAULT_PAGE_TEXTS["home-heading"], headingLang: "en" });

    try {
      // The owner rewrites the English heading: a translation of the old one would say something else.
      await savePageText(h.context.services, { def: heading, body: "Grow food, grow people", user: editor });
      await vi.waitFor(async () => {
        expect(await home("/es")).toMatchObject({ heading: "Grow food, grow people", headingLang: "en" });
      });
      expect((await home("/es")).introLang).toBe("es");
      // Their own Spanish text wins.
      await savePageText(h.context.services, {
        def: heading,
        body: "Cultivar alimentos, cultivar personas",
        user: editor,
        language: "es",
      });
      await vi.waitFor(async () => {
        expect(await home("/es")).toMatchObject({
          heading: "Cultivar alimentos, cultivar personas",
          headingLang: "es",
        });
      });
      expect(await home("/pt")).toMatchObject({ heading: "Grow food, grow people", headingLang: "en" });
    } finally {
      await h.t.db.execute(sql`DELETE FROM page_text_revisions WHERE key = 'home-heading'`);
      await savePageText(h.context.services, { def: heading, body: DEFAULT_PAGE_TEXTS["home-heading"], user: editor });
    }
  });
});

describe("the edit screen's answers", () => {
  it("previews sanitised HTML without saving", async () => {
    const before = await getPageTextForEdit(h.t, privacy);
    const res = await post("privacy", { intent: "preview", body: "## Hi\n\n<script>alert(1)</script>\n\n*there*" });
    const { status, data } = dataResult<{ preview: { html: string }; body: string }>(res.value);
    expect(status).toBeUndefined();
    expect(data.preview.html).toMatch(/^<h2 id="hi">Hi<\/h2>\s*<p><em>there<\/em><\/p>$/);
    expect(data.body).toContain("<script>");
    expect((await getPageTextForEdit(h.t, privacy)).revisions).toHaveLength(before.revisions.length);
  });

  it("answers bad input with 400 and a message, an unknown text with 404", async () => {
    let r = dataResult<{ errors: Record<string, string> }>(
      (await post("site-name", { intent: "save", body: "" })).value,
    );
    expect(r).toMatchObject({ status: 400, data: { errors: { body: "Write the site name." } } });
    r = dataResult((await post("privacy", { intent: "restore", revisionId: "nope" })).value);
    expect(r).toMatchObject({ status: 400, data: { errors: { revisionId: "Choose a revision to restore." } } });
    r = dataResult((await post("privacy", { intent: "restore", revisionId: "424242" })).value);
    expect(r.status).toBe(400);
    expect(r.data.errors.revisionId).toMatch(/does not exist/);
    r = dataResult((await post("privacy", { intent: "publish", body: "x" })).value);
    expect(r).toMatchObject({ status: 400, data: { errors: { intent: "Choose Preview, Save or Restore." } } });
    const unknown = await post("admin-password", { intent: "save", body: "x" });
    expect((unknown.thrown as { init: { status: number } }).init.status).toBe(404);
  });
});

describe("About in every language, and each language's tab of Admin → Pages", () => {
  const about = pageTextDefinition("about");
  type AboutPage = { lead: string; leadLang: string | null; html: string; lang: string | null; note: string | null };
  const aboutPage = async (path: string) => (await call(aboutRoute.loader, getRequest(path), h.context)) as AboutPage;
  type Edit = { body: string; source: string; updatedAt: string | null; englishUpdatedAt: string | null };
  const tab = async (key: string, language?: string) =>
    dataResult<Edit>(
      await call(
        pageTextRoute.loader,
        getRequest(`/admin/dashboard/pages/${key}${language ? `?language=${language}` : ""}`),
        h.context,
        { key },
      ),
    ).data;

  it("shows the About page and its introduction in the page's language, with no note, its contact heading at #contact", async () => {
    const words = {
      es: ["Quiénes somos", "Somos una pequeña organización"],
      pt: ["Quem somos", "Somos uma pequena organização"],
      fr: ["Qui nous sommes", "Nous sommes une petite association"],
      de: ["Wer wir sind", "Wir sind eine kleine"],
    } as const;
    for (const [lang, [heading, lead]] of Object.entries(words)) {
      const page = await aboutPage(`/${lang}/about`);
      expect(page.html).toContain(`>${heading}</h2>`);
      expect(page.lead).toContain(lead);
      expect({ lang: page.lang, note: page.note, leadLang: page.leadLang }).toEqual({
        lang: null,
        note: null,
        leadLang: null,
      });
      // Place pages link to /<lang>/about#contact.
      expect(page.html).toContain('<h2 id="contact">');
      expect(page.html).toContain(`href="/${lang}/locations"`);
    }
    expect((await aboutPage("/about")).html).toContain('<h2 id="who-we-are">Who we are</h2>');
  });

  it("each language's tab shows that language's current text: saved, else its starting text, else the English its pages show", async () => {
    if (!about) throw new Error("definition missing");
    // Never saved in German: the German starting text, as /de/about shows it (it showed the English built-in text).
    const german = await tab("about", "de");
    expect(german.body).toMatch(/^## Wer wir sind/);
    expect(german).toMatchObject({ source: "starting", updatedAt: null });
    expect((await tab("about")).body).toBe(DEFAULT_PAGE_TEXTS.about);
    // The site's name has no translation: German pages show the English one, and the tab says so.
    expect(await tab("site-name", "de")).toMatchObject({ body: "Permaculture Network", source: "english" });

    try {
      // The owner rewrites the English: German pages show it (a translation of the old one would say something
      // else), and so does the German tab, to translate from.
      await savePageText(h.context.services, { def: about, body: "## Our story\n\nNew words.", user: editor });
      await vi.waitFor(async () => {
        expect(await tab("about", "de")).toMatchObject({ body: "## Our story\n\nNew words.", source: "english" });
      });
      await savePageText(h.context.services, {
        def: about,
        body: "## Unsere Geschichte\n\nNeue Worte.",
        user: editor,
        language: "de",
      });
      const saved = await tab("about", "de");
      expect(saved).toMatchObject({ body: "## Unsere Geschichte\n\nNeue Worte.", source: "saved" });
      // An English text saved after the translation is pointed out on the German tab.
      await new Promise((r) => setTimeout(r, 5));
      await savePageText(h.context.services, { def: about, body: "## Our story\n\nNewer words.", user: editor });
      const later = await tab("about", "de");
      expect(later.englishUpdatedAt && later.updatedAt && later.englishUpdatedAt > later.updatedAt).toBe(true);
    } finally {
      await h.t.db.execute(sql`DELETE FROM page_text_revisions WHERE key = 'about'`);
      await savePageText(h.context.services, { def: about, body: DEFAULT_PAGE_TEXTS.about, user: editor });
    }
  });
});
