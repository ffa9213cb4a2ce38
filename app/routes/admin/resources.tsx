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
import { RESOURCE_TYPES, type ResourceType } from "../../lib/taxonomy";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import { deleteResource, getResourceById, searchResourcesForAdmin } from "../../queries/resources.server";
import type { Route } from "./+types/resources";

const LIST = "/admin/dashboard/resources";
const PAGE_SIZE = 25;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const q = parseQuery(url.searchParams.get("q"));
  const typeParam = url.searchParams.get("type") ?? "";
  const type = RESOURCE_TYPES.find((t) => t.value === typeParam)?.value as ResourceType | undefined;
  const page = parsePage(url.searchParams.get("page"));
  const confirmId = url.searchParams.get("delete") ?? "";
  const [result, confirm] = await Promise.all([
    searchResourcesForAdmin(db, { q: q || undefined, type, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    confirmId ? getResourceById(db, confirmId) : null,
  ]);
  return {
    q,
    type: type ?? "",
    page,
    total: result.total,
    rows: result.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
    confirm: confirm ? { id: confirm.id, title: confirm.title } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const form = await request.formData();
  if (form.get("intent") !== "delete") throw data("Unknown action.", { status: 400 });
  const id = String(form.get("id") ?? "");
  const existing = await getResourceById(db, id);
  if (!existing) return redirectWithToast(LIST, "That resource no longer exists.", "error");
  await deleteResource(db, id);
  await recordAudit(
    db,
    { user, action: "delete", entity: "resource", entityId: id, summary: `Deleted resource "${existing.title}"` },
    (err) => logger.warn({ err }, "audit failed"),
  );
  await notifyContentChanged(context.services, "resources");
  return redirectWithToast(LIST, "Resource deleted");
}

export function meta() {
  return [{ title: "Resources | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ResourcesPage({ loaderData }: Route.ComponentProps) {
  const { q, type, page, total, rows, confirm } = loaderData;
  const busy = useListBusy();
  const { here, params, confirmHref } = deleteLinks(LIST, useLocation().search);
  const columns: Column<Row>[] = [
    {
      key: "title",
      header: "Title",
      rowHeader: true,
      cell: (r) => (
        <Link to={`${LIST}/edit/${r.id}`} className="text-leaf-800 underline">
          {r.title}
        </Link>
      ),
    },
    { key: "type", header: "Type", cell: (r) => RESOURCE_TYPES.find((t) => t.value === r.type)?.label ?? r.type },
    { key: "author", header: "Author", cell: (r) => r.author || "—" },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <div className="flex flex-wrap gap-3">
          <Link to={`${LIST}/edit/${r.id}`} className={buttonClasses.link} aria-label={`Edit ${r.title}`}>
            Edit
          </Link>
          <ConfirmDialog
            triggerLabel="Delete"
            triggerAccessibleLabel={`Delete ${r.title}`}
            title={`Delete ${r.title}?`}
            description="The resource is removed from the public list for good."
            fields={{ intent: "delete", id: r.id }}
            fallbackHref={confirmHref(r.id)}
            action={here}
          />
        </div>
      ),
    },
  ];
  const filtered = q !== "" || type !== "";
  return (
    <div>
      <PageHeader
        title="Resources"
        description="Websites, YouTube channels, books, podcasts, articles and apps."
        action={
          <Link to={`${LIST}/add`} className={buttonClasses.primary}>
            Add resource
          </Link>
        }
      />
      {confirm ? (
        <ConfirmPanel
          title={`Delete ${confirm.title}?`}
          description="The resource is removed from the public list for good."
          fields={{ intent: "delete", id: confirm.id }}
          cancelHref={here}
          action={here}
        />
      ) : null}
      <SearchForm id="resources-q" label="Search resources" q={q} clearHref={filtered ? LIST : undefined}>
        <div>
          <label htmlFor="resources-type" className="block text-sm font-semibold">
            Type
          </label>
          <select
            id="resources-type"
            name="type"
            defaultValue={type}
            className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            <option value="">All types</option>
            {RESOURCE_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <DataTable
        caption="Resources"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={filtered ? "No resources match" : "No resources yet"}
            description={filtered ? "Try another search or type." : "Add the first book, website or channel."}
            action={
              <Link
                to={filtered ? LIST : `${LIST}/add`}
                className={filtered ? buttonClasses.secondary : buttonClasses.primary}
              >
                {filtered ? "Clear search" : "Add resource"}
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
