import { serializeJsonLd } from "~/lib/jsonld";

/**
 * schema.org data for search engines, in a data block whose text cannot close the script element. A data block is
 * never run, so the page's script policy does not apply to it.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      // Safe: serializeJsonLd writes <, > and & as \u escapes, so the text cannot end the element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
