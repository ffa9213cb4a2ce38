import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, entryListMeta } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchChangeMakersForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/change-makers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readEntryListQuery(new URL(request.url));
  return listEntries(context.services.db, "change-maker", query, searchChangeMakersForAdmin);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context, await requireAdmin(request, context), request, "change-maker");
}

export const meta = () => entryListMeta("change-maker");

export default function ChangeMakersPage({ loaderData }: Route.ComponentProps) {
  return (
    <EntryListPage
      kind="change-maker"
      data={loaderData}
      description="People profiles shown on the Change-Makers page."
      name={(r) => r.name}
      columns={[
        { key: "role", header: "Role", cell: (r) => r.role || "—" },
        { key: "country", header: "Country", cell: (r) => r.country || "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      viewHref={(r) => `/change-makers/${r.id}`}
      deleteDescription="The profile and its public page are removed for good."
      empty={{
        filtered: { title: "No change-makers match this search", description: "Try another name." },
        none: "Add the first profile.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
