import { AddLink, AdminErrorBoundary, PageHeader } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { parseStatusFilter, readListQuery, STATUS_FILTER_OPTIONS } from "~/components/admin/content/list-query";
import { ClearLink, FilterSelect, SearchForm } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { PROGRAM_FORMATS } from "~/lib/schemas/program";
import { programPath } from "~/lib/slug";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteContent, readDeleteId } from "~/services/content-actions.server";
import { requireAdmin } from "~/services/guard.server";
import { deleteProgram, getProgramById, searchProgramsForAdmin } from "~/services/programs.server";
import type { Route } from "./+types/programs";

const LIST = "/admin/dashboard/programs";
const PAGE_SIZE = ADMIN_PAGE_SIZE;
const DELETE_DESCRIPTION = "The program and its public page are removed for good.";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const { q, page, range, confirmId } = readListQuery(url, PAGE_SIZE);
  const status = parseStatusFilter(url.searchParams.get("status"));
  const [result, confirm] = await Promise.all([
    searchProgramsForAdmin(db, { q: q || undefined, status: status || "any", ...range }),
    confirmId ? getProgramById(db, confirmId) : null,
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
    id: await readDeleteId(request, "program"),
    find: getProgramById,
    remove: deleteProgram,
    audit: { entity: "program", summary: (p) => `Deleted program "${p.name}"` },
    channel: "programs",
    redirectTo: LIST,
    missing: "That program no longer exists.",
    done: "Program deleted",
  });
}

export function meta() {
  return [{ title: "Programs | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function dates(r: Row): string {
  if (!r.startDate) return "Not scheduled";
  return r.endDate && r.endDate !== r.startDate ? `${r.startDate} to ${r.endDate}` : r.startDate;
}

export default function ProgramsPage({ loaderData }: Route.ComponentProps) {
  const { q, status, page, total, rows, confirm } = loaderData;
  const links = useDeleteLinks(LIST);
  const editHref = (r: Row) => `${LIST}/edit/${r.id}`;
  const columns: Column<Row>[] = [
    nameColumn("name", "Name", (r) => r.name, editHref),
    { key: "dates", header: "Dates", cell: dates },
    { key: "format", header: "Format", cell: (r) => PROGRAM_FORMATS.find((f) => f.value === r.format)?.label },
    { key: "host", header: "Host location", cell: (r) => r.locationName ?? "—" },
    { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
    actionsColumn((r) => (
      <RowActions name={r.name} editHref={editHref(r)} viewHref={programPath(r.name)}>
        <DeleteButton id={r.id} name={r.name} description={DELETE_DESCRIPTION} links={links} />
      </RowActions>
    )),
  ];
  const addProgram = <AddLink to={`${LIST}/add`}>Add program</AddLink>;
  const filtered = q !== "" || status !== "";
  return (
    <div>
      <PageHeader title="Programs" description="Courses, workshops and trainings." action={addProgram} />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.name} description={DELETE_DESCRIPTION} links={links} />
      ) : null}
      <SearchForm id="programs-q" label="Search programs" q={q} clearHref={filtered ? LIST : undefined}>
        <FilterSelect
          id="programs-status"
          name="status"
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          allLabel="Any status"
        />
      </SearchForm>
      <ContentTable
        caption="Programs"
        columns={columns}
        rows={rows}
        empty={{
          title: filtered ? "No programs match this search" : "No programs yet",
          description: filtered ? "Try another search." : "Add the first course or workshop.",
          action: filtered ? <ClearLink to={LIST} /> : addProgram,
        }}
        pages={{ page, pageSize: PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
