import { AddLink, AdminErrorBoundary, PageHeader } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { parseStatusFilter, readListQuery, STATUS_FILTER_OPTIONS } from "~/components/admin/content/list-query";
import { ClearLink, FilterSelect, SearchForm } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteChangeMaker, getChangeMakerById, searchChangeMakersForAdmin } from "~/services/change-makers.server";
import { deleteContent, readDeleteId } from "~/services/content-actions.server";
import { requireAdmin } from "~/services/guard.server";
import type { Route } from "./+types/change-makers";

const LIST = "/admin/dashboard/change-makers";
const PAGE_SIZE = ADMIN_PAGE_SIZE;
const DELETE_DESCRIPTION = "The profile and its public page are removed for good.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const { q, page, range, confirmId } = readListQuery(url, PAGE_SIZE);
  const status = parseStatusFilter(url.searchParams.get("status"));
  const [result, confirm] = await Promise.all([
    searchChangeMakersForAdmin(db, { q: q || undefined, status: status || "any", ...range }),
    confirmId ? getChangeMakerById(db, confirmId) : null,
  ]);
  return {
    q,
    status,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    confirm: confirm ? { id: confirm.id, name: confirm.name } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  return deleteContent(context, {
    user,
    id: await readDeleteId(request, "change-maker"),
    find: getChangeMakerById,
    remove: deleteChangeMaker,
    audit: { entity: "change-maker", summary: (p) => `Deleted change-maker "${p.name}"` },
    channel: "changeMakers",
    redirectTo: LIST,
    missing: "That change-maker no longer exists.",
    done: "Change-maker deleted",
  });
}

export function meta() {
  return [{ title: "Change-makers | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ChangeMakersPage({ loaderData }: Route.ComponentProps) {
  const { q, status, page, total, rows, confirm } = loaderData;
  const links = useDeleteLinks(LIST);
  const editHref = (r: Row) => `${LIST}/edit/${r.id}`;
  const columns: Column<Row>[] = [
    nameColumn("name", "Name", (r) => r.name, editHref),
    { key: "role", header: "Role", cell: (r) => r.role || "—" },
    { key: "country", header: "Country", cell: (r) => r.country || "—" },
    { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
    actionsColumn((r) => (
      <RowActions name={r.name} editHref={editHref(r)} viewHref={`/change-makers/${r.id}`}>
        <DeleteButton id={r.id} name={r.name} description={DELETE_DESCRIPTION} links={links} />
      </RowActions>
    )),
  ];
  const addChangeMaker = <AddLink to={`${LIST}/add`}>Add change-maker</AddLink>;
  const filtered = q !== "" || status !== "";
  return (
    <div>
      <PageHeader
        title="Change-makers"
        description="People profiles shown on the Change-Makers page."
        action={addChangeMaker}
      />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.name} description={DELETE_DESCRIPTION} links={links} />
      ) : null}
      <SearchForm id="change-makers-q" label="Search change-makers" q={q} clearHref={filtered ? LIST : undefined}>
        <FilterSelect
          id="change-makers-status"
          name="status"
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          allLabel="Any status"
        />
      </SearchForm>
      <ContentTable
        caption="Change-makers"
        columns={columns}
        rows={rows}
        empty={{
          title: filtered ? "No change-makers match this search" : "No change-makers yet",
          description: filtered ? "Try another name." : "Add the first profile.",
          action: filtered ? <ClearLink to={LIST} /> : addChangeMaker,
        }}
        pages={{ page, pageSize: PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
