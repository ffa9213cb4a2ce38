import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { EntryListPage } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchChangeMakersForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/change-makers";

const LIST = "/admin/dashboard/change-makers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const query = readEntryListQuery(new URL(request.url));
  return listEntries(context.services, "change-maker", query, searchChangeMakersForAdmin);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context.services, await requireAdmin(context.services, request), request, "change-maker");
}

export const meta = () => adminMeta("Change-makers");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const editHref = (r: Row) => `${LIST}/edit/${r.id}`;

export default function ChangeMakersPage({ loaderData }: Route.ComponentProps) {
  return (
    <EntryListPage
      data={loaderData}
      listHref={LIST}
      title="Change-makers"
      description="People profiles shown on the Change-Makers page."
      add={{ href: `${LIST}/add`, label: "Add change-maker" }}
      search={{ id: "change-makers", label: "Search change-makers" }}
      columns={[
        nameColumn("name", "Name", (r) => r.name, editHref),
        { key: "role", header: "Role", cell: (r) => r.role || "—" },
        { key: "country", header: "Country", cell: (r) => r.country || "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      actions={(r) => ({ name: r.name, editHref: editHref(r), viewHref: `/change-makers/${r.id}` })}
      deleteDescription="The profile and its public page are removed for good."
      empty={{
        filtered: { title: "No change-makers match this search", description: "Try another name." },
        none: { title: "No change-makers yet", description: "Add the first profile." },
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
