import { data, Link } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { formatDateTime, REVIEW_STATUS_LABELS, REVIEW_STATUS_ORDER } from "~/components/admin/shell/format";
import { PageHeader, PageSection } from "~/components/admin/shell/page-header";
import { FramedTable } from "~/components/admin/simple-table";
import { Plus } from "~/components/icons";
import { formatInteger } from "~/lib/numbers";
import { loadDashboard } from "~/services/analytics/dashboard.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return data(await loadDashboard(context.services), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}

export const meta = () => adminMeta("Dashboard");

const SHORTCUTS = [
  { to: "/admin/dashboard/add", label: "Add location" },
  { to: "/admin/dashboard/programs/add", label: "Add program" },
  { to: "/admin/dashboard/resources/add", label: "Add resource" },
  { to: "/admin/dashboard/change-makers/add", label: "Add change-maker" },
];

function StatCard({ label, value, to, detail }: { label: string; value: number; to: string; detail?: string }) {
  return (
    <li>
      <Link
        to={to}
        className="block rounded-lg border border-stone-200 bg-white p-4 shadow-sm hover:border-leaf-500 hover:bg-leaf-50"
      >
        <span className="block text-sm text-stone-700">{label}</span>
        <span className="mt-1 block text-2xl font-bold text-stone-900">{formatInteger(value)}</span>
        {detail ? <span className="mt-1 block text-xs text-stone-700">{detail}</span> : null}
      </Link>
    </li>
  );
}

/** What a subscriber count leaves out, for its card: addresses still to confirm, and those that left. */
function notCounted(awaiting: number, unsubscribed?: number): string | undefined {
  const parts = [
    awaiting > 0 ? `${formatInteger(awaiting)} awaiting confirmation` : null,
    unsubscribed ? `${formatInteger(unsubscribed)} unsubscribed` : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Not counted: ${parts.join(", ")}` : undefined;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, recentApplications, recentChanges, waiting, stale } = loaderData;
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of the site's content and what changed recently." />

      <section aria-labelledby="shortcuts-heading" className="mb-8">
        <h2 id="shortcuts-heading" className="sr-only">
          Shortcuts
        </h2>
        <ul className="flex flex-wrap gap-2">
          {SHORTCUTS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="inline-flex items-center gap-1.5 rounded-md bg-leaf-700 px-3 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
              >
                <Plus aria-hidden="true" className="size-4" />
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <PageSection id="moderation" title="Moderation" className="mb-8">
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Proposed places waiting" value={waiting["new-place"]} to="/admin/dashboard/moderation" />
          <StatCard label="Corrections waiting" value={waiting.correction} to="/admin/dashboard/moderation" />
          <StatCard label="Entries needing a check" value={stale} to="/admin/dashboard/moderation?status=checking" />
        </ul>
      </PageSection>

      <PageSection id="content" title="Content" className="mb-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <StatCard label="Locations" value={counts.locations} to="/admin/dashboard/locations" />
          <StatCard label="Programs" value={counts.programs} to="/admin/dashboard/programs" />
          <StatCard label="Resources" value={counts.resources} to="/admin/dashboard/resources" />
          <StatCard label="Change-makers" value={counts.changeMakers} to="/admin/dashboard/change-makers" />
          <StatCard
            label="Newsletter subscribers (confirmed)"
            value={counts.newsletterSubscribers}
            to="/admin/dashboard/newsletter"
            detail={notCounted(counts.newsletterAwaiting, counts.newsletterUnsubscribed)}
          />
          <StatCard
            label="Podcast subscribers (confirmed)"
            value={counts.podcastSubscribers}
            to="/admin/dashboard/podcast"
            detail={notCounted(counts.podcastAwaiting)}
          />
        </ul>
      </PageSection>

      <PageSection id="applications" title="Applications" className="mb-8">
        <ul className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {REVIEW_STATUS_ORDER.map((status) => (
            <StatCard
              key={status}
              label={REVIEW_STATUS_LABELS[status]}
              value={counts.applications[status]}
              to={`/admin/dashboard/applicants?status=${status}`}
            />
          ))}
        </ul>
        <div className="rounded-lg border border-stone-200 bg-white shadow-sm">
          <h3 className="border-b border-stone-200 px-4 py-3 font-semibold text-stone-900">Recent applications</h3>
          {recentApplications.length === 0 ? (
            <p className="px-4 py-6 text-stone-700">No applications yet.</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {recentApplications.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div>
                    <Link
                      to={`/admin/dashboard/applicants?id=${a.id}`}
                      className="font-medium text-leaf-800 underline hover:text-leaf-900"
                    >
                      {a.fullName}
                    </Link>
                    <span className="ml-2 text-sm text-stone-700">
                      {a.applicantType === "educator" ? "Educator" : "Learner"}
                      {a.country ? `, ${a.country}` : ""}
                    </span>
                  </div>
                  <div className="text-sm text-stone-700">
                    <span className="mr-3 rounded-full bg-soil-100 px-2 py-0.5 text-soil-900">
                      {REVIEW_STATUS_LABELS[a.status]}
                    </span>
                    <time dateTime={new Date(a.createdAt).toISOString()}>{formatDateTime(a.createdAt)}</time>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </PageSection>

      <PageSection id="changes" title="Recent changes">
        {recentChanges.length === 0 ? (
          <p className="rounded-lg border border-stone-200 bg-white px-4 py-6 text-stone-700 shadow-sm">
            No changes recorded yet. Edits made in the admin area will be listed here.
          </p>
        ) : (
          <FramedTable labels={["Who", "What", "When"]}>
            {recentChanges.map((c) => (
              <tr key={c.id}>
                <td className="px-4 py-2 text-stone-800">{c.who}</td>
                <td className="px-4 py-2 text-stone-900">{c.summary || `${c.action} ${c.entity}`}</td>
                <td className="px-4 py-2 whitespace-nowrap text-stone-700">
                  <time dateTime={new Date(c.at).toISOString()}>{formatDateTime(c.at)}</time>
                </td>
              </tr>
            ))}
          </FramedTable>
        )}
      </PageSection>
    </>
  );
}
