import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { EntryListPage } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { PROGRAM_FORMATS } from "~/lib/schemas/program";
import { programPath } from "~/lib/slug";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchProgramsForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/programs";

const LIST = "/admin/dashboard/programs";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const query = readEntryListQuery(new URL(request.url));
  return listEntries(context.services, "program", query, searchProgramsForAdmin);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context.services, await requireAdmin(context.services, request), request, "program");
}

export const meta = () => adminMeta("Programs");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function dates(r: Row): string {
  if (!r.startDate) return "Not scheduled";
  return r.endDate && r.endDate !== r.startDate ? `${r.startDate} to ${r.endDate}` : r.startDate;
}

const editHref = (r: Row) => `${LIST}/edit/${r.id}`;

export default function ProgramsPage({ loaderData }: Route.ComponentProps) {
  return (
    <EntryListPage
      data={loaderData}
      listHref={LIST}
      title="Programs"
      description="Courses, workshops and trainings."
      add={{ href: `${LIST}/add`, label: "Add program" }}
      search={{ id: "programs", label: "Search programs" }}
      columns={[
        nameColumn("name", "Name", (r) => r.name, editHref),
        { key: "dates", header: "Dates", cell: dates },
        { key: "format", header: "Format", cell: (r) => PROGRAM_FORMATS.find((f) => f.value === r.format)?.label },
        { key: "host", header: "Host location", cell: (r) => r.locationName ?? "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      actions={(r) => ({ name: r.name, editHref: editHref(r), viewHref: programPath(r.name) })}
      deleteDescription="The program and its public page are removed for good."
      empty={{
        filtered: { title: "No programs match this search", description: "Try another search." },
        none: { title: "No programs yet", description: "Add the first course or workshop." },
      }}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
