import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, type EntryListRow, entryListMeta } from "~/components/admin/content/entry-list";
import type { Column } from "~/components/admin/data-table";
import { searchChangeMakersForAdmin } from "~/services/entries/reads.server";
import type { Route } from "./+types/change-makers";
import { entryDeleteAction, entryListLoader } from "./entry-list.server";

export const loader = entryListLoader("change-maker", searchChangeMakersForAdmin);

export const action = entryDeleteAction("change-maker");

export const meta = () => entryListMeta("change-maker");

const COLUMNS: Column<EntryListRow<typeof loader>>[] = [
  { key: "role", header: "Role", cell: (r) => r.role || "—" },
  { key: "country", header: "Country", cell: (r) => r.country || "—" },
];

export default function ChangeMakersPage({ loaderData }: Route.ComponentProps) {
  return <EntryListPage kind="change-maker" data={loaderData} columns={COLUMNS} />;
}

export const ErrorBoundary = AdminErrorBoundary;
