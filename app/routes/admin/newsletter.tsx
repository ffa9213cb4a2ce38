import { Link } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { readListQuery } from "~/components/admin/content/list-query";
import { ClearLink, SearchForm } from "~/components/admin/content/search-form";
import { subscriberColumns } from "~/components/admin/content/subscriber-columns";
import type { Column } from "~/components/admin/data-table";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses } from "~/components/forms/form-field";
import { exportHref as csvExportHref } from "~/lib/admin-exports";
import { ADMIN_LONG_PAGE_SIZE } from "~/lib/constants";
import { parseSubscriberView, SUBSCRIBER_VIEWS, type SubscriberView } from "~/lib/subscriber-views";
import { SUBSCRIBER_STATE_LABELS, type SubscriberState } from "~/lib/vocabulary";
import { deleteContent, readDeleteId } from "~/services/entries/content-actions.server";
import {
  countNewsletterSubscriptionsMatching,
  countSubscriptionsByState,
  deleteNewsletterSubscription,
  getNewsletterSubscriptionById,
  listNewsletterSubscriptions,
} from "~/services/newsletter/newsletter.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/newsletter";

const LIST = "/admin/dashboard/newsletter";
const PAGE_SIZE = ADMIN_LONG_PAGE_SIZE;
const DEFAULT_VIEW: SubscriberView = "confirmed";
const REMOVE_DESCRIPTION = "This address will no longer receive the newsletter.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const { q, page, range, confirmId } = readListQuery(url, PAGE_SIZE);
  const view = parseSubscriberView(url.searchParams.get("state"));
  const state = view === "all" ? undefined : view;
  const [rows, total, counts, confirm] = await Promise.all([
    listNewsletterSubscriptions(db, { q: q || undefined, state, ...range }),
    countNewsletterSubscriptionsMatching(db, { q: q || undefined, state }),
    countSubscriptionsByState(db),
    confirmId ? getNewsletterSubscriptionById(db, confirmId) : null,
  ]);
  return {
    q,
    page,
    view,
    total,
    counts,
    rows: rows.map((r) => ({
      id: r.id,
      email: r.email,
      source: r.source,
      state: r.state,
      timestamp: r.timestamp.toISOString(),
    })),
    confirm: confirm ? { id: confirm.id, email: confirm.email } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  // Subscribers are not public content, so no cache needs telling.
  return deleteContent(context.services, {
    user,
    id: await readDeleteId(request, "subscriber"),
    find: getNewsletterSubscriptionById,
    remove: deleteNewsletterSubscription,
    audit: { entity: "newsletter-subscription", summary: () => "Removed a newsletter subscriber" },
    redirectTo: LIST,
    missing: "That subscriber was already removed.",
    done: "Subscriber removed",
  });
}

export const meta = () => adminMeta("Newsletter");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function NewsletterAdminPage({ loaderData }: Route.ComponentProps) {
  const { q, page, view, total, counts, rows, confirm } = loaderData;
  const links = useDeleteLinks(LIST);
  const stateParam = view === DEFAULT_VIEW ? undefined : view;
  const exportHref = csvExportHref("newsletter", { q, state: stateParam });
  const viewHref = (v: SubscriberView) => {
    const p = new URLSearchParams();
    if (q) p.set("q", q);
    if (v !== DEFAULT_VIEW) p.set("state", v);
    const qs = p.toString();
    return `${LIST}${qs ? `?${qs}` : ""}`;
  };
  const allCount = counts.confirmed + counts.awaiting + counts.unsubscribed;
  const columns: Column<Row>[] = [
    ...subscriberColumns<SubscriberState, Row>(SUBSCRIBER_STATE_LABELS),
    { key: "source", header: "Source", cell: (r) => r.source },
    actionsColumn((r) => (
      <DeleteButton id={r.id} name={r.email} verb="Remove" description={REMOVE_DESCRIPTION} links={links} />
    )),
  ];
  return (
    <div>
      <PageHeader
        title="Newsletter"
        description={`${counts.confirmed} confirmed ${counts.confirmed === 1 ? "subscriber receives" : "subscribers receive"} the newsletter. An address counts once its owner clicks the link in the confirmation e-mail.`}
        actions={
          <div className="flex flex-wrap gap-3">
            <Link className={buttonClasses.primary} to="/admin/dashboard/newsletter/issues">
              Newsletter issues
            </Link>
            <a className={buttonClasses.secondary} href={exportHref} download>
              Export CSV
            </a>
          </div>
        }
      />
      {confirm ? (
        <DeletePanel
          id={confirm.id}
          name={confirm.email}
          verb="Remove"
          description={REMOVE_DESCRIPTION}
          links={links}
        />
      ) : null}
      <FilterTabs
        label="Filter by subscription status"
        current={view}
        tabs={SUBSCRIBER_VIEWS.map((v) => ({
          key: v,
          label: v === "all" ? "All" : SUBSCRIBER_STATE_LABELS[v],
          count: v === "all" ? allCount : counts[v],
          href: viewHref(v),
        }))}
      />
      <SearchForm
        id="newsletter-q"
        label="Search subscribers"
        q={q}
        clearHref={q ? (stateParam ? `${LIST}?state=${stateParam}` : LIST) : undefined}
      >
        {stateParam ? <input type="hidden" name="state" value={stateParam} /> : null}
      </SearchForm>
      <ContentTable
        caption="Newsletter subscribers"
        columns={columns}
        rows={rows}
        empty={{
          title: q ? "No subscribers match this search" : "No subscribers yet",
          description: q ? "Try part of an address." : "Sign-ups from the footer and the newsletter page appear here.",
          action: q ? <ClearLink to={LIST} /> : undefined,
        }}
        pages={{ page, pageSize: PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
