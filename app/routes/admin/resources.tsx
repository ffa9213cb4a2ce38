import { AddLink, AdminErrorBoundary, PageHeader } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { parseStatusFilter, readListQuery, STATUS_FILTER_OPTIONS } from "~/components/admin/content/list-query";
import { ClearLink, FilterSelect, SearchForm } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { RESOURCE_TYPES, type ResourceType } from "~/lib/taxonomy";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteContent, readDeleteId } from "~/services/content-actions.server";
import { requireAdmin } from "~/services/guard.server";
import { deleteResource, getResourceById, searchResourcesForAdmin } from "~/services/resources.server";
import type { Route } from "./+types/resources";

const LIST = "/admin/dashboard/resources";
const PAGE_SIZE = ADMIN_PAGE_SIZE;
const DELETE_DESCRIPTION = "The resource is removed from the public list for good.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const { q, page, range, confirmId } = readListQuery(url, PAGE_SIZE);
  const status = parseStatusFilter(url.searchParams.get("status"));
  const typeParam = url.searchParams.get("type") ?? "";
  const type = RESOURCE_TYPES.find((t) => t.value === typeParam)?.value as ResourceType | undefined;
  const [result, confirm] = await Promise.all([
    searchResourcesForAdmin(db, { q: q || undefined, status: status || "any", type, ...range }),
    confirmId ? getResourceById(db, confirmId) : null,
  ]);
  return {
    q,
    status,
    type: type ?? "",
    page,
    total: result.total,
    rows: result.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    confirm: confirm ? { id: confirm.id, title: confirm.title } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  return deleteContent(context, {
    user,
    id: await readDeleteId(request, "resource"),
    find: getResourceById,
    remove: deleteResource,
    audit: { entity: "resource", summary: (r) => `Deleted resource "${r.title}"` },
    channel: "resources",
    redirectTo: LIST,
    missing: "That resource no longer exists.",
    done: "Resource deleted",
  });
}

export function meta() {
  return [{ title: "Resources | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { q, status, type, page, total, rows, confirm } = loaderData;
  const links = useDeleteLinks(LIST);
  const editHref = (r: Row) => `${LIST}/edit/${r.id}`;
  const columns: Column<Row>[] = [
    nameColumn("title", "Title", (r) => r.title, editHref),
    { key: "type", header: "Type", cell: (r) => RESOURCE_TYPES.find((t) => t.value === r.type)?.label ?? r.type },
    { key: "author", header: "Author", cell: (r) => r.author || "—" },
    { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
    actionsColumn((r) => (
      <RowActions name={r.title} editHref={editHref(r)}>
        <DeleteButton id={r.id} name={r.title} description={DELETE_DESCRIPTION} links={links} />
      </RowActions>
    )),
  ];
  const filtered = q !== "" || type !== "" || status !== "";
  const addResource = <AddLink to={`${LIST}/add`}>Add resource</AddLink>;
  return (
    <div>
      <PageHeader
        title="Resources"
        description="Websites, YouTube channels, books, podcasts, articles and apps."
        action={addResource}
      />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.title} description={DELETE_DESCRIPTION} links={links} />
      ) : null}
      <SearchForm id="resources-q" label="Search resources" q={q} clearHref={filtered ? LIST : undefined}>
        <FilterSelect
          id="resources-type"
          name="type"
          label="Type"
          value={type}
          options={RESOURCE_TYPES}
          allLabel="All types"
        />
        <FilterSelect
          id="resources-status"
          name="status"
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          allLabel="Any status"
        />
      </SearchForm>
      <ContentTable
        caption="Resources"
        columns={columns}
        rows={rows}
        empty={{
          title: filtered ? "No resources match" : "No resources yet",
          description: filtered ? "Try another search or type." : "Add the first book, website or channel.",
          action: filtered ? <ClearLink to={LIST} /> : addResource,
        }}
        pages={{ page, pageSize: PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
