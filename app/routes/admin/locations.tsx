import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, type EntryListRow, entryListMeta } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { FilterSelect } from "~/components/admin/content/search-form";
import type { Column } from "~/components/admin/data-table";
import { isUuid } from "~/lib/ids";
import { listEntries } from "~/services/entries/entry-lists.server";
import { type LocationSort, searchLocations } from "~/services/entries/reads.server";
import { listRegions } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/locations";
import { entryDeleteAction } from "./entry-list.server";

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

export const action = entryDeleteAction("location");

export const meta = () => entryListMeta("location");

const COLUMNS: Column<EntryListRow<typeof loader>>[] = [
  { key: "country", header: "Country", cell: (r) => r.country || "—" },
  { key: "region", header: "Region", cell: (r) => r.regionName || "—" },
];

/** After the status column. */
const AFTER_STATUS: Column<EntryListRow<typeof loader>>[] = [
  { key: "featured", header: "Featured", cell: (r) => (r.featured ? "Yes" : "No") },
  {
    key: "updated",
    header: "Updated",
    cell: (r) => <time dateTime={r.updatedAt}>{r.updatedAt.slice(0, 10)}</time>,
  },
];

export default function LocationsPage({ loaderData }: Route.ComponentProps) {
  const { sort, regionId, regions } = loaderData;
  return (
    <EntryListPage
      kind="location"
      data={loaderData}
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
      columns={COLUMNS}
      after={AFTER_STATUS}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
