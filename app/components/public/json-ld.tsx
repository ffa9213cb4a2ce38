import { useRouteLoaderData } from "react-router";
import { serializeJsonLd } from "../../lib/jsonld";

/** schema.org data for search engines, in a nonce'd data block whose text cannot close the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const root = useRouteLoaderData("root") as { nonce?: string } | undefined;
  return (
    <script
      type="application/ld+json"
      nonce={root?.nonce}
      suppressHydrationWarning
      // Safe: serializeJsonLd writes <, > and & as \u escapes, so the text cannot end the element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
