/**
 * The visible text of a page's main part, as a reader sees it: scripts and tags left out, the common entities read.
 * Only ASCII white space is folded: the no-break spaces a language's numbers use are kept.
 */
export function mainText(page: string): string {
  return (page.match(/<main[\s\S]*<\/main>/)?.[0] ?? page)
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");
}

/** Text from HTML with its character references read back: numeric ones, and &quot; &lt; &gt; &amp;. */
export function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
