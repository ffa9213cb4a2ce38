import { SITE_NAME } from "./constants";

/** The public layout's route id: its data carries the site's name (from the admin's Pages section). */
export const PUBLIC_LAYOUT_ROUTE = "routes/public-layout";

type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site's name as the public layout read it, for a page's title; the built-in name when it is not there. */
export function siteNameFrom(matches: readonly MetaMatchLike[] | undefined): string {
  const layout = matches?.find((m) => m?.id === PUBLIC_LAYOUT_ROUTE);
  const name = (layout?.loaderData as { siteName?: unknown } | undefined)?.siteName;
  return typeof name === "string" && name !== "" ? name : SITE_NAME;
}

/** Title, description, canonical URL and Open Graph tags for a public page. */
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
  const canonical = opts.siteUrl ? `${opts.siteUrl}${opts.path}` : opts.path;
  const tags: Record<string, string>[] = [
    { title: fullTitle },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: canonical },
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
