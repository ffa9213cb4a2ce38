import { ContentTable } from "~/components/admin/content/content-table";
import { useDeleteLinks } from "~/components/admin/content/delete-controls";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { readListQuery } from "~/components/admin/content/list-query";
import { SearchForm } from "~/components/admin/content/search-form";
import { subscriberColumns } from "~/components/admin/content/subscriber-columns";
import type { Column } from "~/components/admin/data-table";
import { buttonClasses } from "~/components/forms/form-field";
import { exportHref as csvExportHref } from "~/lib/admin-exports";
import { ADMIN_LONG_PAGE_SIZE } from "~/lib/constants";
import {
  countPodcastSubscriptionsByState,
  countPodcastSubscriptionsMatching,
  listPodcastSubscriptions,
  type PodcastSubscriberState,
} from "~/services/newsletter/podcast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/podcast-subscribers";

// The podcast screen's second part, below the episodes (podcast.tsx renders it in its place): the podcast's
// subscribers, by state, searchable, in pages, with their CSV export. Same address as the episodes.

const PAGE = "/admin/dashboard/podcast";
const SUBS_PAGE_SIZE = ADMIN_LONG_PAGE_SIZE;

/** The subscriber list shows confirmed subscribers (those who get episodes) unless staff pick another state. */
type SubscriberView = PodcastSubscriberState | "all";
// Listed here, not imported from the service: the page's component uses them, and a server module cannot reach it.
const SUBSCRIBER_VIEWS: readonly SubscriberView[] = ["confirmed", "awaiting", "all"];
const SUBSCRIBER_VIEW_LABELS: Record<SubscriberView, string> = {
  confirmed: "Confirmed",
  awaiting: "Awaiting confirmation",
  all: "All",
};
function parseSubscriberView(value: string | null): SubscriberView {
  return SUBSCRIBER_VIEWS.find((v) => v === value) ?? "confirmed";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  // The subscriber list shares the page with the episodes, so its search and page have their own names.
  const { q: sq, page: subsPage, range } = readListQuery(url, SUBS_PAGE_SIZE, { q: "sq", page: "spage" });
  const view = parseSubscriberView(url.searchParams.get("sstate"));
  const state = view === "all" ? undefined : view;
  const [subs, subsTotal, subCounts] = await Promise.all([
    listPodcastSubscriptions(db, { q: sq || undefined, state, ...range }),
    countPodcastSubscriptionsMatching(db, { q: sq || undefined, state }),
    countPodcastSubscriptionsByState(db),
  ]);
  return {
    sq,
    subsPage,
    subsTotal,
    view,
    subCounts,
    subs: subs.map((s) => ({
      id: s.id,
      email: s.email,
      state: s.state,
      language: s.language,
      timestamp: s.timestamp.toISOString(),
    })),
  };
}

type SubRow = Route.ComponentProps["loaderData"]["subs"][number];

export default function PodcastSubscribers({ loaderData }: Route.ComponentProps) {
  const { sq, subsPage, subsTotal, subs, view, subCounts } = loaderData;
  const links = useDeleteLinks(PAGE);
  const exportHref = csvExportHref("podcast-subscribers", { q: sq, state: view === "confirmed" ? undefined : view });
  const viewHref = (v: SubscriberView) => {
    const p = new URLSearchParams();
    if (sq) p.set("sq", sq);
    if (v !== "confirmed") p.set("sstate", v);
    return `${PAGE}${p.toString() ? `?${p}` : ""}`;
  };
  const subColumns: Column<SubRow>[] = [
    ...subscriberColumns<SubscriberView, SubRow>(SUBSCRIBER_VIEW_LABELS),
    { key: "language", header: "Language", cell: (s) => s.language },
  ];
  return (
    <section aria-labelledby="subs-title">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="subs-title" className="text-xl font-semibold">
          Podcast subscribers
        </h2>
        <a className={buttonClasses.secondary} href={exportHref} download>
          Export CSV
        </a>
      </div>
      <FilterTabs
        label="Filter podcast subscribers by status"
        current={view}
        tabs={SUBSCRIBER_VIEWS.map((v) => ({
          key: v,
          label: SUBSCRIBER_VIEW_LABELS[v],
          count: v === "all" ? subCounts.confirmed + subCounts.awaiting : subCounts[v],
          href: viewHref(v),
        }))}
      />
      <SearchForm
        id="podcast-sq"
        name="sq"
        label="Search podcast subscribers"
        fieldLabel="Search subscribers"
        q={sq}
        clearHref={sq ? (view === "confirmed" ? PAGE : `${PAGE}?sstate=${view}`) : undefined}
      >
        {view === "confirmed" ? null : <input type="hidden" name="sstate" value={view} />}
      </SearchForm>
      <ContentTable
        caption="Podcast subscribers"
        columns={subColumns}
        rows={subs}
        empty={{
          title: sq ? "No subscribers match this search" : "No podcast subscribers yet",
          description: sq ? "Try part of an address." : "Sign-ups from the podcast page appear here.",
        }}
        pages={{
          page: subsPage,
          pageSize: SUBS_PAGE_SIZE,
          total: subsTotal,
          search: links.params,
          param: "spage",
          label: "Subscriber pages",
        }}
      />
    </section>
  );
}
