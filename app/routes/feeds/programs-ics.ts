import { buildCalendar } from "~/lib/feeds/ics";
import { absolute } from "~/lib/feeds/xml";
import { parseProgramQuery, programDateWindow } from "~/lib/filters";
import { formatLabel } from "~/lib/format";
import { serverTranslate } from "~/lib/i18n/messages.server";
import { isDatabaseBusy } from "~/lib/overload";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-cache";
import { programPath } from "~/lib/slug";
import { getPublicPageTexts } from "~/services/page-texts.server";
import { listProgramSummaries, type ProgramSummary } from "~/services/programs.server";
import { loadReferenceData } from "~/services/reference.server";
import type { Route } from "./+types/programs-ics";

/** Programs with dates as an iCalendar feed; ?format= and ?region= filter it like /programs. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, logger } = context.services;
  // The calendar is in English, at one address: its texts are the English messages.
  const t = serverTranslate("en");
  const query = parseProgramQuery(new URL(request.url).searchParams);
  const ref = await loadReferenceData(db);
  const region = query.region ? ref.regions.find((r) => r.key === query.region) : undefined;
  let rows: ProgramSummary[] = [];
  try {
    const window = programDateWindow(query, new Date().toISOString().slice(0, 10));
    rows = await listProgramSummaries(db, {
      format: query.format,
      regionId: region?.id,
      q: query.q,
      price: query.price,
      ...window,
    });
  } catch (err) {
    // An overloaded database is answered 503 (try again), not with a list that looks empty.
    if (isDatabaseBusy(err)) throw err;
    logger.warn({ err }, "programs could not be read; serving an empty calendar");
  }
  const host = new URL(config.siteUrl).host;
  const events = rows
    .filter((p): p is ProgramSummary & { startDate: string } => Boolean(p.startDate))
    .map((p) => {
      const url = absolute(config.siteUrl, programPath(p.name));
      const place = p.locationName
        ? [p.locationName, p.locationCity, p.locationCountry].filter(Boolean).join(", ")
        : p.format === "online"
          ? t("format.online")
          : "";
      return {
        uid: `program-${p.id}@${host}`,
        stamp: p.updatedAt,
        startDate: p.startDate,
        endDate: p.endDate,
        summary: p.name,
        description: [p.summary, t("feeds.formatLine", { format: formatLabel(p.format, t) }), url]
          .filter(Boolean)
          .join("\n\n"),
        location: place,
        url,
      };
    });
  const body = buildCalendar({
    name: region ? t("feeds.programsCalendarIn", { region: region.name }) : t("feeds.programsCalendar"),
    description: t("feeds.programsCalendarDescription", {
      siteName: (await getPublicPageTexts(context.services)).siteName,
    }),
    events,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="programs.ics"',
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    },
  });
}
