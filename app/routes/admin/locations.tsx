import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { EntryListPage } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { FilterSelect } from "~/components/admin/content/search-form";
import { isUuid } from "~/lib/ids";
import { locationPath } from "~/lib/slug";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { type LocationSort, searchLocations } from "~/services/entries/reads.server";
import { listRegions } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/locations";

const LIST = "/admin/dashboard/locations";
const SORTS: { value: LocationSort; label: string }[] = [
  { value: "name", label: "Name (A to Z)" },
  { value: "-name", label: "Name (Z to A)" },
  { value: "-updated", label: "Recently updated" },
  { value: "updated", label: "Least recently updated" },
  { value: "country", label: "Country" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const sortParam = url.searchParams.get("sort");
  const sort = SORTS.find((s) => s.value === sortParam)?.value ?? "name";
  const regionParam = url.searchParams.get("region") ?? "";
  const regionId = isUuid(regionParam) ? regionParam.toLowerCase() : "";
  const [list, regions] = await Promise.all([
    listEntries(context.services, "location", readEntryListQuery(url), async (db, { q, status, ...range }) => {
      const filter = { contains: q, regionId: regionId || undefined, status };
      const { rows, total } = await searchLocations(db, filter, { ...range, sort });
      const columns = rows.map(({ id, name, country, regionName, featured, status, updatedAt }) => {
        return { id, name, country, regionName, featured, status, updatedAt };
      });
      return { rows: columns, total };
    }),
    listRegions(db),
  ]);
  return { ...list, sort, regionId, regions: regions.map((r) => ({ id: r.id, name: r.name })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context.services, await requireAdmin(context.services, request), request, "location");
}

export const meta = () => adminMeta("Locations");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const editHref = (r: Row) => `/admin/dashboard/edit/${r.id}`;

export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { sort, regionId, regions } = loaderData;
  return (
    <EntryListPage
      data={loaderData}
      listHref={LIST}
      title="Locations"
      description="Places on the map and in the directory."
      add={{ href: "/admin/dashboard/add", label: "Add location" }}
      search={{ id: "locations", label: "Filter locations", submitLabel: "Apply", clearLabel: "Clear filters" }}
      filters={
        <FilterSelect
          id="locations-region"
          name="region"
          label="Region"
          value={regionId}
          options={regions.map((r) => ({ value: r.id, label: r.name }))}
          allLabel="All regions"
        />
      }
      sort={<FilterSelect id="locations-sort" name="sort" label="Sort by" value={sort} options={SORTS} />}
      filtered={regionId !== ""}
      columns={[
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
      ]}
      actions={(r) => ({ name: r.name, editHref: editHref(r), viewHref: locationPath(r.name) })}
      deleteDescription="The location and its public page are removed for good. Programs hosted there lose their host."
      panelDescription="The location and its public page are removed for good."
      empty={{
        filtered: { title: "No locations match these filters", description: "Try another search or region." },
        none: { title: "No locations yet", description: "Add the first place to the directory." },
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
