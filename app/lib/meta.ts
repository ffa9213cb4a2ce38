import { SITE_NAME } from "./constants";

/** Title, description, canonical URL and Open Graph tags for a public page. */
export function pageMeta(opts: {
  title: string;
  description: string;
  siteUrl?: string;
  path: string;
  image?: string | null;
}) {
  const fullTitle = opts.title === SITE_NAME ? SITE_NAME : `${opts.title} | ${SITE_NAME}`;
  const canonical = opts.siteUrl ? `${opts.siteUrl}${opts.path}` : opts.path;
  const tags: Record<string, string>[] = [
    { title: fullTitle },
    { name: "description", content: opts.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: opts.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
  ];
  if (opts.image) {
    tags.push({
      property: "og:image",
      content: opts.image.startsWith("http") ? opts.image : `${opts.siteUrl ?? ""}${opts.image}`,
    });
  }
  return tags;
}
