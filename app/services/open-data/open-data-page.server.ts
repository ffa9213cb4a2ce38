import { SITE_NAME } from "~/lib/constants";
import { dataTerms } from "~/lib/data-licences";
import { formatDate } from "~/lib/format";
import type { Language } from "~/lib/i18n/languages";
import { formatByteSize } from "~/lib/numbers";
import { listDumpFiles } from "~/queries/open-data-dumps.server";
import { DUMP_FILES, DUMP_URL_PREFIX } from "~/server-lib/open-data-files.server";
import type { Services } from "../services.server";
import { getPublicSettings } from "../site/site-settings.server";

/**
 * What the /open-data page shows (decision 071): the current dump files with their sizes in the page's language
 * (none while the first set is being made), when they were made, the licence and the credit to give.
 */
export async function openDataPage(services: Pick<Services, "db" | "bus" | "config">, lang: Language) {
  const [stored, settings] = await Promise.all([listDumpFiles(services.db), getPublicSettings(services)]);
  const byName = new Map(stored.map((f) => [f.name, f]));
  const files = DUMP_FILES.flatMap((f) => {
    const row = byName.get(f.name);
    if (!row) return [];
    return [
      {
        name: f.name,
        href: `${DUMP_URL_PREFIX}${f.name}`,
        kind: f.kind,
        format: f.format,
        rows: f.kind === "package" ? null : row.rows,
        size: formatByteSize(row.bytes, lang),
        gzipSize: formatByteSize(row.gzipBytes, lang),
      },
    ];
  });
  const generatedAt = stored[0]?.generatedAt ?? null;
  const { licence, attribution } = dataTerms(settings.general, SITE_NAME);
  return {
    siteUrl: services.config.siteUrl,
    files,
    generated: generatedAt ? { iso: generatedAt.toISOString(), text: formatDate(generatedAt, lang) } : null,
    licence: { name: licence.name, url: licence.url },
    attribution,
  };
}
