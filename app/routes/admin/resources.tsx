import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, entryListMeta } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { FilterSelect } from "~/components/admin/content/search-form";
import { RESOURCE_TYPES, type ResourceType } from "~/lib/taxonomy";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchResourcesForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/resources";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const typeParam = url.searchParams.get("type") ?? "";
  const type = RESOURCE_TYPES.find((t) => t.value === typeParam)?.value as ResourceType | undefined;
  const list = await listEntries(context.services.db, "resource", readEntryListQuery(url), (db, f) =>
    searchResourcesForAdmin(db, { ...f, type }),
  );
  return { ...list, type: type ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context, await requireAdmin(request, context), request, "resource");
}

export const meta = () => entryListMeta("resource");

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { type } = loaderData;
  return (
    <EntryListPage
      kind="resource"
      data={loaderData}
      description="Websites, YouTube channels, books, podcasts, articles and apps."
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
      name={(r) => r.title}
      nameHeader="Title"
      columns={[
        { key: "type", header: "Type", cell: (r) => RESOURCE_TYPES.find((t) => t.value === r.type)?.label ?? r.type },
        { key: "author", header: "Author", cell: (r) => r.author || "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      deleteDescription="The resource is removed from the public list for good."
      empty={{
        filtered: { title: "No resources match", description: "Try another search or type." },
        none: "Add the first book, website or channel.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
