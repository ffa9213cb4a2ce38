import { data, Link, useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "../../components/admin/confirm-dialog";
import {
  AdminErrorBoundary,
  PageHeader,
  parsePage,
  parseQuery,
  useListBusy,
} from "../../components/admin/content/admin-page";
import { deleteLinks, SearchForm } from "../../components/admin/content/search-form";
import { type Column, DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses } from "../../components/admin/form-field";
import { Pagination } from "../../components/admin/pagination";
import { notifyContentChanged } from "../../lib/content-events.server";
import { requireAdmin } from "../../lib/guard.server";
import { PROGRAM_FORMATS } from "../../lib/schemas/program";
import { programPath } from "../../lib/slug";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import { deleteProgram, getProgramById, searchProgramsForAdmin } from "../../queries/programs.server";
import type { Route } from "./+types/programs";

const LIST = "/admin/dashboard/programs";
const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const q = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const confirmId = url.searchParams.get("delete") ?? "";
  const [result, confirm] = await Promise.all([
    searchProgramsForAdmin(db, { q: q || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    confirmId ? getProgramById(db, confirmId) : null,
  ]);
  return {
    q,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    confirm: confirm ? { id: confirm.id, name: confirm.name } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const form = await request.formData();
  if (form.get("intent") !== "delete") throw data("Unknown action.", { status: 400 });
  const id = String(form.get("id") ?? "");
  const existing = await getProgramById(db, id);
  if (!existing) return redirectWithToast(LIST, "That program no longer exists.", "error");
  await deleteProgram(db, id);
  await recordAudit(
    db,
    { user, action: "delete", entity: "program", entityId: id, summary: `Deleted program "${existing.name}"` },
    (err) => logger.warn({ err }, "audit failed"),
  );
  await notifyContentChanged(context.services, "programs");
  return redirectWithToast(LIST, "Program deleted");
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
  const { q, page, total, rows, confirm } = loaderData;
  const busy = useListBusy();
  const { here, params, confirmHref } = deleteLinks(LIST, useLocation().search);
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Name",
      rowHeader: true,
      cell: (r) => (
        <Link to={`${LIST}/edit/${r.id}`} className="text-leaf-800 underline">
          {r.name}
        </Link>
      ),
    },
    { key: "dates", header: "Dates", cell: dates },
    { key: "format", header: "Format", cell: (r) => PROGRAM_FORMATS.find((f) => f.value === r.format)?.label },
    { key: "host", header: "Host location", cell: (r) => r.locationName ?? "—" },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <div className="flex flex-wrap gap-3">
          <Link to={`${LIST}/edit/${r.id}`} className={buttonClasses.link} aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <a href={programPath(r.name)} className={buttonClasses.link} aria-label={`View ${r.name}`}>
            View
          </a>
          <ConfirmDialog
            triggerLabel="Delete"
            triggerAccessibleLabel={`Delete ${r.name}`}
            title={`Delete ${r.name}?`}
            description="The program and its public page are removed for good."
            fields={{ intent: "delete", id: r.id }}
            fallbackHref={confirmHref(r.id)}
            action={here}
          />
        </div>
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Programs"
        description="Courses, workshops and trainings."
        action={
          <Link to={`${LIST}/add`} className={buttonClasses.primary}>
            Add program
          </Link>
        }
      />
      {confirm ? (
        <ConfirmPanel
          title={`Delete ${confirm.name}?`}
          description="The program and its public page are removed for good."
          fields={{ intent: "delete", id: confirm.id }}
          cancelHref={here}
          action={here}
        />
      ) : null}
      <SearchForm id="programs-q" label="Search programs" q={q} clearHref={q ? LIST : undefined} />
      <DataTable
        caption="Programs"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={q ? "No programs match this search" : "No programs yet"}
            description={q ? "Try another search." : "Add the first course or workshop."}
            action={
              <Link to={q ? LIST : `${LIST}/add`} className={q ? buttonClasses.secondary : buttonClasses.primary}>
                {q ? "Clear search" : "Add program"}
              </Link>
            }
          />
        }
      />
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} search={params} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
