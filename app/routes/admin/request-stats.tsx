import { data, Link } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { PageHeader } from "~/components/admin/shell/page-header";
import { ColumnHeads } from "~/components/admin/simple-table";
import { Stat } from "~/components/admin/stat";
import { TimeSeriesChart } from "~/components/charts/time-series-chart";
import { formatInteger } from "~/lib/numbers";
import { z } from "~/lib/zod";
import { getRequestStatsReport } from "~/services/analytics/reports.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/request-stats";

const QuerySchema = z.object({ window: z.enum(["hour", "day", "week"]).catch("day") });
const WINDOW_LABELS = { hour: "Last hour", day: "Last 24 hours", week: "Last 7 days" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { window } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const report = await getRequestStatsReport(context.services.db, window);
  return data({ report, enabled: context.services.config.requestStats }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}

export const meta = () => adminMeta("Request statistics");

const ms = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`);
const pct = (n: number) => `${(n * 100).toFixed(n > 0 && n < 0.001 ? 3 : 1)} %`;

export default function RequestStatsPage({ loaderData }: Route.ComponentProps) {
  const { report, enabled } = loaderData;
  const t = report.totals;
  // Labels are also the chart's keys, so each must be unique: a day spans 25 hourly buckets (the same hour twice).
  const label = (iso: string) =>
    report.window === "hour" ? iso.slice(11, 16) : `${iso.slice(5, 10)} ${iso.slice(11, 13)}h`;
  return (
    <>
      <PageHeader
        title="Request statistics"
        description="Requests per route pattern, with latency percentiles and error rates (times in UTC). Each page counts under its address pattern in its language (/location/:slug, /es/location/:slug), the data it loads while a visitor moves around the site is marked (data), files are counted by folder (/assets/*, /media/*), and only addresses the site does not know count under /*."
      />
      <nav aria-label="Time window" className="mb-6 flex gap-2">
        {(["hour", "day", "week"] as const).map((w) => (
          <Link
            key={w}
            to={`?window=${w}`}
            aria-current={report.window === w ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${report.window === w ? "bg-leaf-700 text-white" : "border border-stone-400 bg-white text-stone-900 hover:bg-stone-100"}`}
          >
            {WINDOW_LABELS[w]}
          </Link>
        ))}
      </nav>
      {!enabled ? (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Recording is switched off on this server (REQUEST_STATS=off); figures below come from other instances or
          earlier runs.
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Stat label="Requests" value={t.count} />
        <Stat label="Server errors (5xx)" value={pct(t.errorRate)} warn={t.errorRate > 0.01} />
        <Stat label="p50 latency" value={ms(t.p50)} />
        <Stat label="p95 latency" value={ms(t.p95)} />
        <Stat label="p99 latency" value={ms(t.p99)} />
      </dl>
      <section className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
        <TimeSeriesChart
          title="Requests and server errors over time"
          labels={report.series.map((s) => label(s.t))}
          series={[
            { name: "Requests", color: "#2f5927", values: report.series.map((s) => s.count) },
            { name: "5xx errors", color: "#b91c1c", values: report.series.map((s) => s.errors) },
          ]}
        />
        {report.series.length === 0 ? (
          <p className="mt-2 text-sm text-stone-700">No requests recorded in this window yet.</p>
        ) : null}
      </section>
      <section
        className="relative mt-6 overflow-x-auto rounded-lg border border-stone-200 bg-white"
        aria-labelledby="routes-h"
      >
        <h2 id="routes-h" className="px-4 pt-4 text-lg font-semibold text-stone-900">
          Routes, slowest first
        </h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-700">
            <ColumnHeads
              labels={["Route", "Requests", "p50", "p95", "p99", "4xx", "5xx rate"]}
              className="px-4 py-2"
              numbersFrom={1}
            />
          </thead>
          <tbody>
            {report.routes.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-4 py-6 text-stone-700">
                  No requests recorded in this window yet.
                </td>
              </tr>
            ) : (
              report.routes.map((r) => (
                <tr key={`${r.method} ${r.route}`} className="border-b border-stone-100">
                  <th scope="row" className="px-4 py-2 font-mono text-xs font-normal text-stone-900">
                    {r.method} {r.route}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{formatInteger(r.count)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{ms(r.p50)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{ms(r.p95)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{ms(r.p99)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatInteger(r.count4xx)}</td>
                  <td
                    className={`px-4 py-2 text-right tabular-nums ${r.errorRate > 0.01 ? "font-semibold text-red-800" : ""}`}
                  >
                    {pct(r.errorRate)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
    </>
  );
}
