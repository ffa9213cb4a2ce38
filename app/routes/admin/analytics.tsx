import { data, Form, useNavigation } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { PageHeader } from "~/components/admin/shell/page-header";
import { Stat } from "~/components/admin/stat";
import { BarList } from "~/components/charts/bar-list";
import { TimeSeriesChart } from "~/components/charts/time-series-chart";
import { exportHref } from "~/lib/admin-exports";
import { formatInteger } from "~/lib/numbers";
import { fieldErrors } from "~/lib/schemas";
import { z } from "~/lib/zod";
import { readForm } from "~/server-lib/form.server";
import { resolveAnalyticsQuery } from "~/services/analytics/analytics-query.server";
import { getAnalyticsReport, getRetentionDays, setRetentionDays } from "~/services/analytics/reports.server";
import { getSearchReport } from "~/services/analytics/search-stats.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/analytics";

const RetentionSchema = z.object({
  retentionDays: z.coerce
    .number({ error: "Enter a number of days." })
    .int("Enter a whole number of days.")
    .min(30, "Keep raw events for at least 30 days.")
    .max(3650, "Keep raw events for at most 3650 days (10 years)."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { range, from, to, granularity, error } = resolveAnalyticsQuery(new URL(request.url).searchParams, new Date());
  const [report, retentionDays, searches] = await Promise.all([
    getAnalyticsReport(context.services.db, { from, to, granularity }),
    getRetentionDays(context.services.db),
    getSearchReport(context.services, { from, to }),
  ]);
  return data(
    { report, range, granularity, error, retentionDays, searches },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const form = await readForm(request);
  if (form.get("intent") !== "retention") throw data("Unknown action.", { status: 400 });
  const parsed = RetentionSchema.safeParse({ retentionDays: form.get("retentionDays") });
  if (!parsed.success) {
    return data(
      { errors: { retentionDays: fieldErrors(parsed.error).retentionDays ?? "Enter a number of days." } },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  await setRetentionDays(context.services.db, parsed.data.retentionDays, user.id);
  await auditStaffAction(context.services, {
    user,
    action: "settings",
    entity: "analytics",
    summary: `Raw analytics events kept for ${parsed.data.retentionDays} days`,
  });
  return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, "Retention saved");
}

export const meta = () => adminMeta("Analytics");

export default function AnalyticsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, range, granularity, error, retentionDays, searches } = loaderData;
  const searchLabel = (s: { query: string; lang: string }) => `${s.query} (${s.lang})`;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const csvHref = exportHref("analytics", {
    range,
    granularity,
    from: range === "custom" ? report.from : undefined,
    to: range === "custom" ? report.to : undefined,
  });
  const retentionError = actionData && "errors" in actionData ? actionData.errors.retentionDays : undefined;
  return (
    <>
      <PageHeader
        title="Analytics"
        description={`Visits to the production site (${report.from} to ${report.to}, UTC). No cookies; visitors are counted with a daily-rotating anonymous hash.`}
        actions={
          <a
            className="rounded-md border border-stone-400 bg-white px-3 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100"
            href={csvHref}
            download
          >
            Export CSV
          </a>
        }
      />
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
        aria-label="Period"
      >
        <label className="flex flex-col text-sm font-medium text-stone-800">
          Period
          <select name="range" defaultValue={range} className="mt-1 rounded border border-stone-400 px-2 py-1.5">
            <option value="7d">Last 7 days</option>
            <option value="30d">Last 30 days</option>
            <option value="90d">Last 90 days</option>
            <option value="365d">Last 12 months</option>
            <option value="custom">Custom range</option>
          </select>
        </label>
        <DateField label="From" name="from" value={report.from} />
        <DateField label="To" name="to" value={report.to} />
        <label className="flex flex-col text-sm font-medium text-stone-800">
          Group by
          <select
            name="granularity"
            defaultValue={granularity}
            className="mt-1 rounded border border-stone-400 px-2 py-1.5"
          >
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </label>
        <button
          type="submit"
          className="rounded-md bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
        >
          Show
        </button>
        <p className="w-full text-sm text-stone-700">Dates are used when the period is “Custom range”.</p>
      </Form>
      {error ? (
        <p role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">
          {error}
        </p>
      ) : null}
      <div aria-busy={busy} className={busy ? "opacity-60 transition-opacity" : undefined}>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Stat label="Page views" value={report.totals.pageViews} />
          <Stat label="Unique visitors (daily, summed)" value={report.totals.visitors} />
          <Stat label="Form submissions" value={report.totals.formSubmissions} />
          <Stat label="Interactions" value={report.totals.interactions} />
        </dl>
        <section className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
          <TimeSeriesChart
            title={`Page views and visitors per ${granularity}`}
            labels={report.series.map((s) => s.bucket)}
            series={[
              { name: "Page views", color: "#2f5927", values: report.series.map((s) => s.pageViews) },
              { name: "Visitors", color: "#b45309", values: report.series.map((s) => s.visitors) },
            ]}
          />
        </section>
        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <BarList
            title="Top pages"
            items={report.topPages.map((p) => ({
              label: p.path,
              value: p.views,
              hint: `${formatInteger(p.visitors)} visitors`,
            }))}
          />
          <BarList
            title="Top referrers"
            items={report.dims.referrer.map((d) => ({ label: d.key, value: d.count }))}
            empty="No visits from other sites in this period."
          />
          <BarList title="Form submissions" items={report.dims.form.map((d) => ({ label: d.key, value: d.count }))} />
          <BarList
            title="Interactions (category / action)"
            items={report.dims.interaction.map((d) => ({ label: d.key, value: d.count }))}
          />
          <BarList title="Devices" items={report.dims.device.map((d) => ({ label: d.key, value: d.count }))} />
          <BarList
            title="Countries (from language or proxy headers)"
            items={report.dims.country.map((d) => ({ label: d.key, value: d.count }))}
          />
          <BarList
            title={`Top searches (${formatInteger(searches.searches)} searches in this period)`}
            items={searches.top.map((s) => ({
              label: searchLabel(s),
              value: s.searches,
              hint: s.zeroResults > 0 ? `${formatInteger(s.zeroResults)} found nothing` : undefined,
            }))}
            empty="No searches in this period."
          />
          <BarList
            title={`Searches that found nothing (${formatInteger(searches.zeroResults)} in this period)`}
            items={searches.zero.map((s) => ({ label: searchLabel(s), value: s.zeroResults }))}
            empty="Every search in this period found something."
          />
        </div>
        <p className="mt-2 text-sm text-stone-700">
          Searches are counted by their text (lower case) and the language of the page, per day; nothing about who
          searched is kept, and searches that look like an e-mail address or a phone number are not counted.
        </p>
      </div>
      <section className="mt-8 max-w-xl rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="retention-h">
        <h2 id="retention-h" className="text-lg font-semibold text-stone-900">
          Data retention
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Raw events are rolled up into daily totals every hour; totals are kept for ever. Raw events older than this
          are deleted.
        </p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="retention" />
          <label className="flex flex-col text-sm font-medium text-stone-800" htmlFor="retentionDays">
            Keep raw events for (days)
            <input
              id="retentionDays"
              name="retentionDays"
              type="number"
              min={30}
              max={3650}
              required
              defaultValue={retentionDays}
              aria-invalid={retentionError ? true : undefined}
              aria-describedby={retentionError ? "retentionDays-error" : undefined}
              className="mt-1 w-32 rounded border border-stone-400 px-2 py-1"
            />
          </label>
          <button
            type="submit"
            className="rounded-md bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
          >
            Save
          </button>
          {retentionError ? (
            <p id="retentionDays-error" className="w-full text-sm font-medium text-red-800">
              {retentionError}
            </p>
          ) : null}
        </Form>
      </section>
    </>
  );
}

/** One end of the report's custom date range. */
function DateField({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <label className="flex flex-col text-sm font-medium text-stone-800">
      {label}
      <input type="date" name={name} defaultValue={value} className="mt-1 rounded border border-stone-400 px-2 py-1" />
    </label>
  );
}
