import { AddLink, AdminErrorBoundary, PageHeader } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { parseStatusFilter, readListQuery, STATUS_FILTER_OPTIONS } from "~/components/admin/content/list-query";
import { ClearLink, FilterSelect, SearchForm } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { isUuid } from "~/lib/ids";
import { locationPath } from "~/lib/slug";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteContent, readDeleteId } from "~/services/content-actions.server";
import { requireAdmin } from "~/services/guard.server";
import { deleteLocation, getLocationById, type LocationSort, searchLocations } from "~/services/locations.server";
import { listRegions } from "~/services/reference.server";
import type { Route } from "./+types/locations";

const LIST = "/admin/dashboard/locations";
const ADD = "/admin/dashboard/add";
const PAGE_SIZE = ADMIN_PAGE_SIZE;
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
  const { q, page, range, confirmId } = readListQuery(url, PAGE_SIZE);
  const sortParam = url.searchParams.get("sort");
  const sort = SORTS.find((s) => s.value === sortParam)?.value ?? "name";
  const regionParam = url.searchParams.get("region") ?? "";
  const regionId = isUuid(regionParam) ? regionParam.toLowerCase() : "";
  const status = parseStatusFilter(url.searchParams.get("status"));
  const [result, regions, confirm] = await Promise.all([
    searchLocations(
      db,
      { contains: q || undefined, regionId: regionId || undefined, status: status || "any" },
      { ...range, sort },
    ),
    listRegions(db),
    confirmId ? getLocationById(db, confirmId) : null,
  ]);
  return {
    q,
    sort,
    regionId,
    status,
    page,
    total: result.total,
    rows: result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      regionName: r.regionName,
      featured: r.featured,
      status: r.status,
      updatedAt: r.updatedAt.toISOString(),
    })),
    regions: regions.map((r) => ({ id: r.id, name: r.name })),
    confirm: confirm ? { id: confirm.id, name: confirm.name } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  return deleteContent(context, {
    user,
    id: await readDeleteId(request, "location"),
    find: getLocationById,
    remove: deleteLocation,
    audit: { entity: "location", summary: (l) => `Deleted location "${l.name}"` },
    channel: "locations",
    redirectTo: LIST,
    missing: "That location no longer exists.",
    done: "Location deleted",
  });
}

export function meta() {
  return [{ title: "Locations | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { q, sort, regionId, status, page, total, rows, regions, confirm } = loaderData;
  const links = useDeleteLinks(LIST);
  const editHref = (r: Row) => `/admin/dashboard/edit/${r.id}`;
  const columns: Column<Row>[] = [
    nameColumn("name", "Name", (r) => r.name, editHref),
    { key: "country", header: "Country", cell: (r) => r.country || "—" },
    { key: "region", header: "Region", cell: (r) => r.regionName || "—" },
    { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
    { key: "featured", header: "Featured", cell: (r) => (r.featured ? "Yes" : "No") },
    {
      key: "updated",
      header: "Updated",
      cell: (r) => <time dateTime={r.updatedAt}>{r.updatedAt.slice(0, 10)}</time>,
    },
    actionsColumn((r) => (
      <RowActions name={r.name} editHref={editHref(r)} viewHref={locationPath(r.name)}>
        <DeleteButton
          id={r.id}
          name={r.name}
          description="The location and its public page are removed for good. Programs hosted there lose their host."
          links={links}
        />
      </RowActions>
    )),
  ];
  const filtered = q !== "" || regionId !== "" || status !== "";
  return (
    <div>
      <PageHeader
        title="Locations"
        description="Places on the map and in the directory."
        action={<AddLink to={ADD}>Add location</AddLink>}
      />
      {confirm ? (
        <DeletePanel
          id={confirm.id}
          name={confirm.name}
          description="The location and its public page are removed for good."
          links={links}
        />
      ) : null}
      <SearchForm
        id="locations-q"
        label="Filter locations"
        q={q}
        submitLabel="Apply"
        clearHref={filtered ? LIST : undefined}
        clearLabel="Clear filters"
      >
        <FilterSelect
          id="locations-region"
          name="region"
          label="Region"
          value={regionId}
          options={regions.map((r) => ({ value: r.id, label: r.name }))}
          allLabel="All regions"
        />
        <FilterSelect
          id="locations-status"
          name="status"
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          allLabel="Any status"
        />
        <FilterSelect id="locations-sort" name="sort" label="Sort by" value={sort} options={SORTS} />
      </SearchForm>
      <ContentTable
        caption="Locations"
        columns={columns}
        rows={rows}
        empty={{
          title: filtered ? "No locations match these filters" : "No locations yet",
          description: filtered ? "Try another search or region." : "Add the first place to the directory.",
          action: filtered ? <ClearLink to={LIST}>Clear filters</ClearLink> : <AddLink to={ADD}>Add location</AddLink>,
        }}
        pages={{ page, pageSize: PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
