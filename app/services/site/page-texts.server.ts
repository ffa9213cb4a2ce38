import { dataLicence } from "~/lib/data-licences";
import { pageTextLanguage } from "~/lib/i18n/entry-translations";
import { isLanguage, LANGUAGES, type Language } from "~/lib/i18n/languages";
import { DEFAULT_PAGE_TEXT_TRANSLATIONS, DEFAULT_PAGE_TEXTS, DEFAULT_PAGE_TEXTS_DATE } from "~/lib/page-text-defaults";
import {
  DEFAULT_LANGUAGE,
  PAGE_TEXT_PLACEHOLDERS,
  PAGE_TEXTS,
  type PageTextDefinition,
  type PageTextKey,
} from "~/lib/page-texts";
import { recordAudit } from "~/queries/audit.server";
import {
  type CurrentPageText,
  getPageTextRevision,
  insertPageTextRevision,
  listPageTextRevisions,
  readCurrentPageTexts,
} from "~/queries/page-texts.server";
import type { GeneralSettings } from "~/queries/settings.server";
import { contentCache } from "../entries/content-cache.server";
import { notifyContentChanged } from "../entries/content-events.server";
import { describeImages } from "../entries/stored-image.server";
import type { Services } from "../services.server";
import {
  type MarkdownImageWords,
  type MarkdownValues,
  markdownImageUrls,
  renderPageMarkdown,
  renderPlainText,
} from "./page-markdown.server";
import { getPublicSettings } from "./site-settings.server";

type StoredTexts = Record<PageTextKey, { body: string; updatedAt: string; saved: boolean; language: string }>;

/** The texts the public pages show, rendered once per change (never per request). */
export type PublicPageTexts = {
  siteName: string;
  footerTagline: string;
  homeHeading: string;
  homeIntroHtml: string;
  /** The languages the home page's heading and introduction, and the footer's tagline, are in. */
  homeHeadingLanguage: string;
  homeIntroLanguage: string;
  footerTaglineLanguage: string;
  /**
   * `language`: the language the page text is in (English when the page's language has no text of its own);
   * `leadLanguage` the same for its introduction, a text of its own that may be translated when the body is not.
   */
  about: { lead: string; html: string; language: string; leadLanguage: string };
  privacy: { lead: string; html: string; updatedAt: string; language: string; leadLanguage: string };
  terms: { lead: string; html: string; updatedAt: string; language: string; leadLanguage: string };
};

/** Each text in `language`, else in English, else the text the site started with. */
function resolveTexts(rows: readonly CurrentPageText[], language: string): StoredTexts {
  const out = {} as StoredTexts;
  const translatedDefaults = isLanguage(language) ? DEFAULT_PAGE_TEXT_TRANSLATIONS[language] : undefined;
  for (const def of PAGE_TEXTS) {
    const own = rows.find((r) => r.key === def.key && r.language === language);
    const english = rows.find((r) => r.key === def.key && r.language === DEFAULT_LANGUAGE);
    const translatedDefault = translatedDefaults?.[def.key];
    if (own) {
      out[def.key] = { body: own.body, updatedAt: own.updatedAt.toISOString(), saved: true, language: own.language };
    } else if (translatedDefault && (!english || english.body === DEFAULT_PAGE_TEXTS[def.key])) {
      // The English is still the starting text, whose translation the site ships with.
      out[def.key] = {
        body: translatedDefault,
        updatedAt: english?.updatedAt.toISOString() ?? DEFAULT_PAGE_TEXTS_DATE,
        saved: false,
        language,
      };
    } else if (english) {
      out[def.key] = {
        body: english.body,
        updatedAt: english.updatedAt.toISOString(),
        saved: true,
        language: english.language,
      };
    } else {
      out[def.key] = {
        body: DEFAULT_PAGE_TEXTS[def.key],
        updatedAt: DEFAULT_PAGE_TEXTS_DATE,
        saved: false,
        language: DEFAULT_LANGUAGE,
      };
    }
  }
  return out;
}

const later = (a: string, b: string) => (a > b ? a : b);

function renderTexts(
  stored: StoredTexts,
  general: GeneralSettings,
  pictures?: { images: ReadonlyMap<string, MarkdownImageWords>; language: string },
): PublicPageTexts {
  const siteName = stored["site-name"].body;
  const values: MarkdownValues = {
    siteName,
    contactEmail: general.contactEmail,
    dataLicence: dataLicence(general.dataLicence),
    images: pictures?.images,
    language: pictures?.language,
  };
  const plain = (key: PageTextKey) => renderPlainText(stored[key].body, values);
  const md = (key: PageTextKey) => renderPageMarkdown(stored[key].body, values);
  // A legal page: its lead and text, dated by whichever of the two changed last.
  const legal = (key: "privacy" | "terms") => {
    const lead = `${key}-lead` as const;
    return {
      lead: plain(lead),
      html: md(key),
      updatedAt: later(stored[key].updatedAt, stored[lead].updatedAt),
      language: stored[key].language,
      leadLanguage: stored[lead].language,
    };
  };
  return {
    siteName,
    footerTagline: plain("footer-tagline"),
    homeHeading: plain("home-heading"),
    homeIntroHtml: md("home-intro"),
    homeHeadingLanguage: stored["home-heading"].language,
    homeIntroLanguage: stored["home-intro"].language,
    footerTaglineLanguage: stored["footer-tagline"].language,
    about: {
      lead: plain("about-lead"),
      html: md("about"),
      language: stored.about.language,
      leadLanguage: stored["about-lead"].language,
    },
    privacy: legal("privacy"),
    terms: legal("terms"),
  };
}

const languagesFor = (language: string) =>
  language === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [language, DEFAULT_LANGUAGE];

// Saved texts are a kind of site setting: a save announces "settings", which also clears the render cache on every
// instance, and the content-version check (a trigger bumps "settings") catches a change nobody announced. The
// texts' images take their words from the media library, so a change there ("media") renders them again too.
const cached = contentCache<PublicPageTexts>(["settings", "media"], 20);

const MARKDOWN_KEYS = PAGE_TEXTS.filter((d) => d.kind === "markdown").map((d) => d.key);

/**
 * The alt texts and captions of the media-library images in the Markdown texts, for a page in `language`, from the
 * media library's bucket when storage is configured. Without them (no storage, a failed read) the images show as
 * written.
 */
async function imageWords(
  services: Pick<Services, "db" | "storage" | "logger">,
  stored: StoredTexts,
  language: string,
): Promise<{ images: ReadonlyMap<string, MarkdownImageWords>; language: string }> {
  const urls = MARKDOWN_KEYS.flatMap((key) => markdownImageUrls(stored[key].body));
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  try {
    return { images: await describeImages(services, services.storage?.bucket, urls, lang), language };
  } catch (err) {
    services.logger.warn({ err }, "image descriptions unreadable; page texts show their images as written");
    return { images: new Map(), language };
  }
}

/**
 * The site's texts for public pages, from a copy kept in memory until a text or the settings change on any
 * instance. A failed read shows the texts the site started with, for this request only.
 */
export async function getPublicPageTexts(
  services: Pick<Services, "db" | "bus" | "storage" | "logger">,
  language: string = DEFAULT_LANGUAGE,
): Promise<PublicPageTexts> {
  const general = (await getPublicSettings(services)).general;
  const read = async () => {
    const stored = resolveTexts(await readCurrentPageTexts(services.db, languagesFor(language)), language);
    return renderTexts(stored, general, await imageWords(services, stored, language));
  };
  try {
    return await cached(services, `${language}\n${general.contactEmail}\n${general.dataLicence}`, read);
  } catch (err) {
    services.logger.warn({ err }, "page texts unreadable; showing the default texts");
    return renderTexts(resolveTexts([], language), general);
  }
}

export type PageTextSummary = PageTextDefinition & { updatedAt: string | null; updatedBy: string };

/** Every text for the admin list: when and by whom it was last saved (null while it shows the default). */
export async function listPageTextsForAdmin({ db }: Pick<Services, "db">): Promise<PageTextSummary[]> {
  const rows = await readCurrentPageTexts(db, [DEFAULT_LANGUAGE]);
  const latest = await Promise.all(
    PAGE_TEXTS.map((def) => listPageTextRevisions(db, def.key, DEFAULT_LANGUAGE, 1).then((r) => r[0] ?? null)),
  );
  return PAGE_TEXTS.map((def, i) => {
    const row = rows.find((r) => r.key === def.key);
    return {
      ...def,
      updatedAt: row ? row.updatedAt.toISOString() : null,
      updatedBy: latest[i]?.createdByEmail || (row ? "site defaults" : ""),
    };
  });
}

export type RevisionSummary = {
  id: number;
  at: string;
  by: string;
  restoredFrom: number | null;
  excerpt: string;
  current: boolean;
};

const REVISIONS_SHOWN = 20;

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

/**
 * Where the words of an edit screen come from: the language's saved text, its starting text (the site's own, for a
 * language never saved), or the English text a page in that language shows for want of a translation.
 */
export type EditedTextSource = "saved" | "starting" | "english";

/**
 * One text for its edit screen in `language`: the words that language's pages show now (its saved text, else its
 * starting text while the English is the starting one, else the English they fall back to), where they come from,
 * and its recent revisions, newest first.
 */
export async function getPageTextForEdit(
  { db }: Pick<Services, "db">,
  def: PageTextDefinition,
  language = DEFAULT_LANGUAGE,
) {
  const revisions = await listPageTextRevisions(db, def.key, language, REVISIONS_SHOWN);
  const newest = revisions[0];
  let body: string;
  let source: EditedTextSource;
  if (newest) {
    body = newest.body;
    source = "saved";
  } else {
    // Never saved in this language: the same choice the public pages make (resolveTexts), so the screen shows what
    // a visitor reads, not the English built-in text.
    const shown = resolveTexts(await readCurrentPageTexts(db, languagesFor(language)), language)[def.key];
    body = shown.body;
    source = shown.language === language ? "starting" : "english";
  }
  return {
    body,
    source,
    updatedAt: newest ? newest.createdAt.toISOString() : null,
    revisions: revisions.map(
      (r, i): RevisionSummary => ({
        id: r.id,
        at: r.createdAt.toISOString(),
        by: r.createdByEmail || "site defaults",
        restoredFrom: r.restoredFrom,
        excerpt: excerpt(r.body),
        current: i === 0,
      }),
    ),
  };
}

/**
 * The HTML a Markdown text would show, with the site's current name, contact address and data licence, and its
 * images described by the media library as a page in `language` would describe them.
 */
export async function previewPageText(
  services: Pick<Services, "db" | "bus" | "storage" | "logger">,
  body: string,
  language: string = DEFAULT_LANGUAGE,
): Promise<string> {
  const texts = await getPublicPageTexts(services);
  const general = (await getPublicSettings(services)).general;
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const images = await describeImages(services, services.storage?.bucket, markdownImageUrls(body), lang).catch(
    () => new Map<string, MarkdownImageWords>(),
  );
  return renderPageMarkdown(body, {
    siteName: texts.siteName,
    contactEmail: general.contactEmail,
    dataLicence: dataLicence(general.dataLicence),
    images,
    language: lang,
  });
}

/**
 * The languages whose saved terms text does not state the data licence (no `{{data-licence}}`): saved before the
 * setting existed, or rewritten without it. Site settings tells staff, since only the starting texts changed.
 */
export async function termsWithoutLicence({ db }: Pick<Services, "db">): Promise<string[]> {
  const rows = await readCurrentPageTexts(db, [...LANGUAGES]);
  return rows
    .filter((r) => r.key === "terms" && !r.body.includes(PAGE_TEXT_PLACEHOLDERS.dataLicence))
    .map((r) => r.language);
}

type Editor = { id: string; email: string };

/** Stores a text as a new revision and announces the change, so every instance shows it at once. */
export async function savePageText(
  services: Pick<Services, "db" | "bus" | "logger">,
  input: { def: PageTextDefinition; body: string; user: Editor; language?: string; restoredFrom?: number },
) {
  const revision = await insertPageTextRevision(services.db, {
    key: input.def.key,
    language: input.language ?? DEFAULT_LANGUAGE,
    body: input.body,
    createdBy: input.user.id,
    createdByEmail: input.user.email,
    restoredFrom: input.restoredFrom ?? null,
  });
  await notifyContentChanged(services, "settings");
  await recordAudit(
    services.db,
    {
      user: input.user,
      action: "update",
      entity: "page-text",
      entityId: input.def.key,
      summary: input.restoredFrom
        ? `Restored revision ${input.restoredFrom} of ${input.def.label}`
        : `Saved ${input.def.label}`,
    },
    (err) => services.logger.error({ err }, "audit write failed"),
  );
  return revision;
}

/**
 * Puts an earlier revision's text back by saving it again as a new revision (the history keeps both). Null when
 * the revision does not exist or belongs to another text.
 */
export async function restorePageTextRevision(
  services: Pick<Services, "db" | "bus" | "logger">,
  input: { def: PageTextDefinition; revisionId: number; user: Editor; language?: string },
) {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const old = await getPageTextRevision(services.db, input.revisionId);
  if (!old || old.key !== input.def.key || old.language !== language) return null;
  const revision = await savePageText(services, {
    def: input.def,
    body: old.body,
    user: input.user,
    language,
    restoredFrom: old.id,
  });
  return { revision, restoredSavedAt: old.createdAt };
}

/**
 * A legal page's text (privacy or terms) for a page in `language`: a translation when there is one, else the
 * original marked with its language and a note. "Last updated" is the date of the last saved revision.
 */
export async function getLegalPageText(
  services: Pick<Services, "db" | "bus" | "storage" | "logger">,
  key: "privacy" | "terms",
  language: Language,
) {
  const text = (await getPublicPageTexts(services, language))[key];
  return {
    lead: text.lead,
    leadLang: pageTextLanguage(text.leadLanguage, language).lang,
    html: text.html,
    updatedAt: text.updatedAt,
    ...pageTextLanguage(text.language, language),
  };
}
