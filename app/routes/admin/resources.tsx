import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { EntryListPage } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { FilterSelect } from "~/components/admin/content/search-form";
import { RESOURCE_TYPES, type ResourceType } from "~/lib/taxonomy";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchResourcesForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/resources";

const LIST = "/admin/dashboard/resources";

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

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context.services, await requireAdmin(context.services, request), request, "resource");
}

export const meta = () => adminMeta("Resources");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const editHref = (r: Row) => `${LIST}/edit/${r.id}`;

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { type } = loaderData;
  return (
    <EntryListPage
      data={loaderData}
      listHref={LIST}
      title="Resources"
      description="Websites, YouTube channels, books, podcasts, articles and apps."
      add={{ href: `${LIST}/add`, label: "Add resource" }}
      search={{ id: "resources", label: "Search resources" }}
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
      columns={[
        nameColumn("title", "Title", (r) => r.title, editHref),
        { key: "type", header: "Type", cell: (r) => RESOURCE_TYPES.find((t) => t.value === r.type)?.label ?? r.type },
        { key: "author", header: "Author", cell: (r) => r.author || "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      actions={(r) => ({ name: r.title, editHref: editHref(r) })}
      deleteDescription="The resource is removed from the public list for good."
      empty={{
        filtered: { title: "No resources match", description: "Try another search or type." },
        none: { title: "No resources yet", description: "Add the first book, website or channel." },
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
