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
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and & as \u escapes
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
