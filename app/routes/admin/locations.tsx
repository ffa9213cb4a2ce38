import { data, Form, Link, useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "../../components/admin/confirm-dialog";
import {
  AdminErrorBoundary,
  PageHeader,
  parsePage,
  parseQuery,
  useListBusy,
} from "../../components/admin/content/admin-page";
import { type Column, DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses } from "../../components/admin/form-field";
import { Pagination } from "../../components/admin/pagination";
import { notifyContentChanged } from "../../lib/content-events.server";
import { requireAdmin } from "../../lib/guard.server";
import { locationPath } from "../../lib/slug";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import {
  deleteLocation,
  getLocationById,
  isUuid,
  type LocationSort,
  searchLocations,
} from "../../queries/locations.server";
import { listRegions } from "../../queries/reference.server";
import type { Route } from "./+types/locations";

const LIST = "/admin/dashboard/locations";
const PAGE_SIZE = 25;
const SORTS: { value: LocationSort; label: string }[] = [
  { value: "name", label: "Name (A to Z)" },
  { value: "-name", label: "Name (Z to A)" },
  { value: "-updated", label: "Recently updated" },
  { value: "updated", label: "Least recently updated" },
  { value: "country", label: "Country" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const q = parseQuery(url.searchParams.get("q"));
  const sortParam = url.searchParams.get("sort");
  const sort = SORTS.find((s) => s.value === sortParam)?.value ?? "name";
  const regionParam = url.searchParams.get("region") ?? "";
  const regionId = isUuid(regionParam) ? regionParam.toLowerCase() : "";
  const page = parsePage(url.searchParams.get("page"));
  const confirmId = url.searchParams.get("delete") ?? "";
  const [result, regions, confirm] = await Promise.all([
    searchLocations(
      db,
      { q: q || undefined, regionId: regionId || undefined },
      {
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
        sort,
      },
    ),
    listRegions(db),
    confirmId ? getLocationById(db, confirmId) : null,
  ]);
  return {
    q,
    sort,
    regionId,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      regionName: r.regionName,
      featured: r.featured,
      updatedAt: r.updatedAt.toISOString(),
    })),
    regions: regions.map((r) => ({ id: r.id, name: r.name })),
    confirm: confirm ? { id: confirm.id, name: confirm.name } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const form = await request.formData();
  if (form.get("intent") !== "delete") throw data("Unknown action.", { status: 400 });
  const id = String(form.get("id") ?? "");
  const existing = await getLocationById(db, id);
  if (!existing) return redirectWithToast(LIST, "That location no longer exists.", "error");
  await deleteLocation(db, id);
  await recordAudit(
    db,
    { user, action: "delete", entity: "location", entityId: id, summary: `Deleted location "${existing.name}"` },
    (err) => logger.warn({ err }, "audit failed"),
  );
  await notifyContentChanged(context.services, "locations");
  return redirectWithToast(LIST, "Location deleted");
}

export function meta() {
  return [{ title: "Locations | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { q, sort, regionId, page, total, rows, regions, confirm } = loaderData;
  const busy = useListBusy();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("delete");
  const here = `${LIST}${params.toString() ? `?${params}` : ""}`;
  const withDelete = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("delete", id);
    return `${LIST}?${p}`;
  };
  const columns: Column<Row>[] = [
    {
      key: "name",
      header: "Name",
      rowHeader: true,
      cell: (r) => (
        <Link to={`/admin/dashboard/edit/${r.id}`} className="text-leaf-800 underline">
          {r.name}
        </Link>
      ),
    },
    { key: "country", header: "Country", cell: (r) => r.country || "—" },
    { key: "region", header: "Region", cell: (r) => r.regionName || "—" },
    { key: "featured", header: "Featured", cell: (r) => (r.featured ? "Yes" : "No") },
    {
      key: "updated",
      header: "Updated",
      cell: (r) => <time dateTime={r.updatedAt}>{r.updatedAt.slice(0, 10)}</time>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <div className="flex flex-wrap gap-3">
          <Link to={`/admin/dashboard/edit/${r.id}`} className={buttonClasses.link} aria-label={`Edit ${r.name}`}>
            Edit
          </Link>
          <a href={locationPath(r.name)} className={buttonClasses.link} aria-label={`View ${r.name}`}>
            View
          </a>
          <ConfirmDialog
            triggerLabel="Delete"
            triggerAccessibleLabel={`Delete ${r.name}`}
            title={`Delete ${r.name}?`}
            description="The location and its public page are removed for good. Programs hosted there lose their host."
            fields={{ intent: "delete", id: r.id }}
            fallbackHref={withDelete(r.id)}
            action={here}
          />
        </div>
      ),
    },
  ];
  const filtered = q !== "" || regionId !== "";
  return (
    <div>
      <PageHeader
        title="Locations"
        description="Places on the map and in the directory."
        action={
          <Link to="/admin/dashboard/add" className={buttonClasses.primary}>
            Add location
          </Link>
        }
      />
      {confirm ? (
        <ConfirmPanel
          title={`Delete ${confirm.name}?`}
          description="The location and its public page are removed for good."
          fields={{ intent: "delete", id: confirm.id }}
          cancelHref={here}
          action={here}
        />
      ) : null}
      <Form method="get" role="search" aria-label="Filter locations" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="locations-q" className="block text-sm font-semibold">
            Search
          </label>
          <input
            id="locations-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="locations-region" className="block text-sm font-semibold">
            Region
          </label>
          <select
            id="locations-region"
            name="region"
            defaultValue={regionId}
            className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            <option value="">All regions</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="locations-sort" className="block text-sm font-semibold">
            Sort by
          </label>
          <select
            id="locations-sort"
            name="sort"
            defaultValue={sort}
            className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          >
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses.secondary}>
          Apply
        </button>
        {filtered ? (
          <Link to={LIST} className={buttonClasses.link}>
            Clear filters
          </Link>
        ) : null}
      </Form>
      <DataTable
        caption="Locations"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={filtered ? "No locations match these filters" : "No locations yet"}
            description={filtered ? "Try another search or region." : "Add the first place to the directory."}
            action={
              filtered ? (
                <Link to={LIST} className={buttonClasses.secondary}>
                  Clear filters
                </Link>
              ) : (
                <Link to="/admin/dashboard/add" className={buttonClasses.primary}>
                  Add location
                </Link>
              )
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
