import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, type EntryListRow, entryListMeta } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { FilterSelect } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { RESOURCE_TYPES, type ResourceType } from "~/lib/taxonomy";
import { listEntries } from "~/services/entries/entry-lists.server";
import { searchResourcesForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/resources";
import { entryDeleteAction } from "./entry-list.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const url = new URL(request.url);
  const typeParam = url.searchParams.get("type") ?? "";
  const type = RESOURCE_TYPES.find((t) => t.value === typeParam)?.value as ResourceType | undefined;
  const list = await listEntries(context.services, "resource", readEntryListQuery(url), (db, f) =>
    searchResourcesForAdmin(db, { ...f, type }),
  );
  return { ...list, type: type ?? "" };
}

export const action = entryDeleteAction("resource");

export const meta = () => entryListMeta("resource");

const COLUMNS: Column<EntryListRow<typeof loader>>[] = [
  { key: "type", header: "Type", cell: (r) => RESOURCE_TYPES.find((t) => t.value === r.type)?.label ?? r.type },
  { key: "author", header: "Author", cell: (r) => r.author || "—" },
];

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { type } = loaderData;
  return (
    <EntryListPage
      kind="resource"
      data={loaderData}
      filters={
        <FilterSelect
          id="resources-type"
          name="type"
          label="Type"
          value={type}
          options={RESOURCE_TYPES}
          allLabel="All types"
        />
      }
      filtered={type !== ""}
      nameField="title"
      columns={COLUMNS}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
