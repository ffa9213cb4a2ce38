import { data } from "react-router";
import { buildCalendar } from "~/lib/feeds/ics";
import { programEvent } from "~/lib/feeds/program-calendar";
import { absolute } from "~/lib/feeds/xml";
import { parseProgramQuery, programListFilter, programQueryReference } from "~/lib/filters";
import { entryForPage } from "~/lib/i18n/entry-translations";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { isUuid } from "~/lib/ids";
import { instructionLanguageList } from "~/lib/instruction-languages";
import { isDatabaseBusy } from "~/lib/overload";
import { PUBLIC_CACHE_CONTROL } from "~/lib/public-cache";
import { countryLabel } from "~/lib/reference-names";
import { serverTranslate } from "~/server-lib/messages.server";
import { listProgramSummaries, type ProgramSummary } from "~/services/entries/reads.server";
import { ENTRY_KINDS } from "~/services/entries/registry.server";
import { getPublicPageTexts } from "~/services/site/page-texts.server";
import { loadReferenceNames } from "~/services/site/reference.server";
import type { Route } from "./+types/programs-ics";

/**
 * Programs with dates as an iCalendar feed; ?format=, ?region=, ?focus=, ?country=, ?taughtIn= (and the list's other filters)
 * filter it like /programs. ?program=<id> is one program's own calendar file (its page's "Add to calendar").
 * ?lang= words it in a language of the site (English by default: the feed's address predates the languages); the
 * programs' names and summaries follow it where they are translated.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, logger } = context.services;
  const params = new URL(request.url).searchParams;
  const langParam = params.get("lang");
  const lang = isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE;
  const t = serverTranslate(lang);
  const programId = params.get("program");
  const one = programId !== null;
  if (one && !isUuid(programId)) throw data(t("program.notFound"), { status: 404 });
  const query = parseProgramQuery(params);
  const ref = await loadReferenceNames(context.services, lang);
  const { region, focus } = programQueryReference(query, ref);
  let rows: ProgramSummary[] = [];
  try {
    rows = one
      ? await listProgramSummaries(db, { id: programId })
      : await listProgramSummaries(db, programListFilter(query, { region, focus }, lang));
  } catch (err) {
    // An overloaded database is answered 503 (try again), not with a list that looks empty.
    if (isDatabaseBusy(err) || one) throw err;
    logger.warn({ err }, "programs could not be read; serving an empty calendar");
  }
  if (one && !rows[0]?.startDate) throw data(t("program.notFound"), { status: 404 });
  const host = new URL(config.siteUrl).host;
  const events = rows
    .filter((p): p is ProgramSummary & { startDate: string } => Boolean(p.startDate))
    .map((p) => {
      const shown = entryForPage("program", p, lang);
      const url = absolute(config.siteUrl, ENTRY_KINDS.program.publicPath(p));
      const place = p.locationName
        ? [p.locationName, p.locationCity, p.locationCountry ? countryLabel(p.locationCountry, lang) : ""]
            .filter(Boolean)
            .join(", ")
        : p.format === "online"
          ? t("format.online")
          : "";
      return programEvent(
        {
          id: p.id,
          name: shown.text.name,
          summary: shown.text.summary,
          startDate: p.startDate,
          endDate: p.endDate,
          format: p.format,
          updatedAt: p.updatedAt,
          place,
          url,
          taughtIn:
            p.instructionLanguages.length > 0
              ? t("programs.taughtIn", { languages: instructionLanguageList(p.instructionLanguages, lang) })
              : "",
        },
        { host, lang, t },
      );
    });
  const siteName = (await getPublicPageTexts(context.services, lang)).siteName;
  const body = buildCalendar({
    name: one
      ? (events[0]?.summary ?? "")
      : region
        ? t("feeds.programsCalendarIn", { region: region.name })
        : t("feeds.programsCalendar"),
    description: t("feeds.programsCalendarDescription", { siteName }),
    events,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      // One program's file is saved and opened by the calendar app; the feed is read where it is (subscriptions).
      "Content-Disposition": one
        ? `attachment; filename="${(rows[0]?.name ?? "program").replace(/[^\w.-]+/g, "-")}.ics"`
        : 'inline; filename="programs.ics"',
      "Cache-Control": PUBLIC_CACHE_CONTROL,
    },
  });
}
