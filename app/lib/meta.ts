import { SITE_NAME } from "./constants";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  languageFromPath,
  localizeHref,
} from "./i18n/languages";
import { messagesFromJson, type Translate, translateFor } from "./i18n/translate";

/** The public layout's route id: its data carries the site's name (from the admin's Pages section). */
export const PUBLIC_LAYOUT_ROUTE = "routes/public-layout";

type MetaMatchLike = { id: string; pathname?: string; loaderData?: unknown } | undefined;

/** The page's language, as the root route read it from the path (or from the deepest match's path). */
export function languageFrom(matches: readonly MetaMatchLike[] | undefined): Language {
  const lang = (matches?.find((m) => m?.id === "root")?.loaderData as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(lang)) return lang;
  return languageFromPath(matches?.at(-1)?.pathname ?? "/");
}

/** The page's message function in a `meta` export (titles and descriptions), from the root route's messages. */
export function metaTranslate(matches: readonly MetaMatchLike[] | undefined): Translate {
  const json = (matches?.find((m) => m?.id === "root")?.loaderData as { messages?: unknown } | undefined)?.messages;
  return translateFor(languageFrom(matches), messagesFromJson(json));
}

/**
 * `<link rel="alternate" hreflang>` for each language's version of a page, plus `x-default` (the English one): every
 * version names all of them, itself included.
 */
export function alternateLinks(path: string, siteUrl = ""): Record<string, string>[] {
  return [
    ...LANGUAGES.map((lang) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: lang,
      href: siteUrl + localizeHref(path, lang),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: siteUrl + localizeHref(path, DEFAULT_LANGUAGE) },
  ];
}

/** The site's name as the public layout read it, for a page's title; the built-in name when it is not there. */
export function siteNameFrom(matches: readonly MetaMatchLike[] | undefined): string {
  const layout = matches?.find((m) => m?.id === PUBLIC_LAYOUT_ROUTE);
  const name = (layout?.loaderData as { siteName?: unknown } | undefined)?.siteName;
  return typeof name === "string" && name !== "" ? name : SITE_NAME;
}

/**
 * Title, description, canonical URL, language alternates and Open Graph tags for a public page. `path` is the page's
 * English address; the canonical URL is the page's own language's.
 */
export function pageMeta(opts: {
  title: string;
  description: string;
  siteUrl?: string;
  path: string;
  image?: string | null;
  /** The public layout's route matches, whose data names the site (the title's suffix). */
  matches?: readonly MetaMatchLike[];
}) {
  const site = siteNameFrom(opts.matches);
  const fullTitle = opts.title === site ? site : `${opts.title} | ${site}`;
  const lang = languageFrom(opts.matches);
  const canonical = `${opts.siteUrl ?? ""}${localizeHref(opts.path, lang)}`;
  const tags: Record<string, string>[] = [
    { title: fullTitle },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternateLinks(opts.path, opts.siteUrl),
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site },
  ];
  if (opts.image) {
    tags.push({
      property: "og:image",
      content: opts.image.startsWith("http") ? opts.image : `${opts.siteUrl ?? ""}${opts.image}`,
    });
  }
  return tags;
}

/**
 * The meta tags of a page whose title and description are messages of their own (`title`, `description`: their
 * keys; the description may name the site as `{{siteName}}`).
 */
export function messagePageMeta(
  matches: readonly MetaMatchLike[] | undefined,
  siteUrl: string | undefined,
  page: { title: string; description: string; path: string },
) {
  const t = metaTranslate(matches);
  return pageMeta({
    matches,
    title: t(page.title),
    description: t(page.description, { siteName: siteNameFrom(matches) }),
    siteUrl,
    path: page.path,
  });
}

/** The route's `meta` of such a page: its messages and address, and the site's address from the page's loader. */
export function messagePageMetaFor(page: { title: string; description: string; path: string }) {
  return ({ loaderData, matches }: { loaderData?: { siteUrl?: string }; matches: readonly MetaMatchLike[] }) =>
    messagePageMeta(matches, loaderData?.siteUrl, page);
}
