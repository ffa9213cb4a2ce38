import { data } from "react-router";
import { z } from "zod";
import type { ExportDataset } from "~/lib/admin-exports";
import { ANALYTICS_EXPORT_TOP } from "~/lib/constants";
import { csvResponse } from "~/lib/csv";
import { parseSubscriberView } from "~/lib/subscriber-views";
import { SUBSCRIBER_STATE_LABELS } from "~/lib/vocabulary";
import { DIMENSIONS, getAnalyticsReport } from "~/queries/analytics.server";
import { listApplications, REVIEW_STATUSES } from "~/queries/applications.server";
import { listNewsletterSubscriptions } from "~/queries/newsletter.server";
import { listPodcastSubscriptions } from "~/queries/podcast.server";
import { loadReferenceData } from "~/queries/reference.server";
import { resolveAnalyticsQuery } from "../analytics/analytics-query.server";
import { getSearchReport } from "../analytics/search-stats.server";
import type { Services } from "../services.server";

const EXPORT_LIMIT = 1_000_000;
const search = (v: string | null) => (v ?? "").trim().slice(0, 200) || undefined;
const day = () => new Date().toISOString().slice(0, 10);
/** A subscriber list's export: the screen's search and view (every state for "all"), all rows. */
const subscribersAsked = <V extends string>(params: URLSearchParams, view: V) => ({
  q: search(params.get("q")),
  state: view === "all" ? undefined : (view as Exclude<V, "all">),
  limit: EXPORT_LIMIT,
  offset: 0,
});

/** Builds one CSV download (formula cells neutralised by csvResponse). Callers check the admin role first. */
export async function exportCsv(
  { db }: Pick<Services, "db">,
  dataset: ExportDataset,
  params: URLSearchParams,
): Promise<Response> {
  switch (dataset) {
    case "applicants": {
      const status = z
        .enum(REVIEW_STATUSES)
        .optional()
        .catch(undefined)
        .parse(params.get("status") ?? undefined);
      const [rows, ref] = await Promise.all([
        listApplications(db, { status, limit: EXPORT_LIMIT, offset: 0 }),
        loadReferenceData(db),
      ]);
      const focusNames = (ids: string[]) => ids.map((id) => ref.focusAreasById.get(id)?.name ?? "").filter(Boolean);
      return csvResponse(
        `applicants-${status?.toLowerCase() ?? "all"}-${day()}.csv`,
        [
          "Submitted",
          "Status",
          "Full name",
          "E-mail",
          "Applicant type",
          "Organization",
          "Country",
          "Region",
          "Focus areas",
          "Experience",
          "Seeking",
          "Website",
          "Notes",
        ],
        rows.map((a) => [
          a.createdAt,
          a.status,
          a.fullName,
          a.email,
          a.applicantType,
          a.organization,
          a.country,
          a.regionId ? (ref.regionsById.get(a.regionId)?.name ?? "") : "",
          focusNames(a.focusAreas).join("; "),
          a.experience,
          a.seeking,
          a.website,
          a.notes,
        ]),
      );
    }
    case "newsletter": {
      const view = parseSubscriberView(params.get("state"));
      const rows = await listNewsletterSubscriptions(db, subscribersAsked(params, view));
      return csvResponse(
        `newsletter-subscribers-${view}-${day()}.csv`,
        ["email", "status", "timestamp", "confirmed_at", "unsubscribed_at", "source", "language"],
        rows.map((r) => [
          r.email,
          SUBSCRIBER_STATE_LABELS[r.state],
          r.timestamp,
          r.confirmedAt ?? "",
          r.unsubscribedAt ?? "",
          r.source,
          r.language,
        ]),
      );
    }
    case "podcast-subscribers": {
      // The screen's view: confirmed subscribers (those who get episodes) unless another state is asked for.
      const asked = params.get("state");
      const view = asked === "awaiting" || asked === "all" ? asked : "confirmed";
      const rows = await listPodcastSubscriptions(db, subscribersAsked(params, view));
      return csvResponse(
        `podcast-subscribers-${view}-${day()}.csv`,
        ["email", "status", "timestamp", "confirmed_at", "language"],
        rows.map((r) => [r.email, SUBSCRIBER_STATE_LABELS[r.state], r.timestamp, r.confirmedAt ?? "", r.language]),
      );
    }
    case "analytics": {
      const { from, to, granularity, error } = resolveAnalyticsQuery(params, new Date());
      // The page shows this message and falls back to 30 days; a download must not quietly do the same.
      if (error) throw data(error, { status: 400 });
      // A download is for working on the figures: far more than the screen's top ten.
      const [report, searches] = await Promise.all([
        getAnalyticsReport(db, { from, to, granularity, topN: ANALYTICS_EXPORT_TOP }),
        getSearchReport({ db }, { from, to }, ANALYTICS_EXPORT_TOP),
      ]);
      // A search's key names its language, as the screen does ("brasil (es)"); its count is how often it was asked,
      // or how often it found nothing.
      const searchKey = (s: { query: string; lang: string }) => `${s.query} (${s.lang})`;
      const rows: (string | number)[][] = [
        ...report.series.map((s) => ["views over time", s.bucket, s.pageViews, s.visitors]),
        ...report.topPages.map((p) => ["top page", p.path, p.views, p.visitors]),
        ...DIMENSIONS.flatMap((d) => report.dims[d].map((x) => [d, x.key, x.count, ""])),
        ...searches.top.map((s) => ["top search", searchKey(s), s.searches, ""]),
        ...searches.zero.map((s) => ["search without results", searchKey(s), s.zeroResults, ""]),
      ];
      return csvResponse(`analytics-${from}-to-${to}.csv`, ["section", "key", "count", "visitors"], rows);
    }
  }
}
