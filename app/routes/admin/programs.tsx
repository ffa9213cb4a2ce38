import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, entryListMeta } from "~/components/admin/content/entry-list";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { PROGRAM_FORMATS } from "~/lib/schemas/program";
import { programPath } from "~/lib/slug";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";
import { deleteEntry, listEntries } from "~/services/entries/entry-lists.server";
import { searchProgramsForAdmin } from "~/services/entries/reads.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/programs";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = readEntryListQuery(new URL(request.url));
  return listEntries(context.services.db, "program", query, searchProgramsForAdmin);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteEntry(context, await requireAdmin(request, context), request, "program");
}

export const meta = () => entryListMeta("program");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function dates(r: Row): string {
  if (!r.startDate) return "Not scheduled";
  return r.endDate && r.endDate !== r.startDate ? `${r.startDate} to ${r.endDate}` : r.startDate;
}

export default function ProgramsPage({ loaderData }: Route.ComponentProps) {
  return (
    <EntryListPage
      kind="program"
      data={loaderData}
      description="Courses, workshops and trainings."
      name={(r) => r.name}
      columns={[
        { key: "dates", header: "Dates", cell: dates },
        { key: "format", header: "Format", cell: (r) => PROGRAM_FORMATS.find((f) => f.value === r.format)?.label },
        { key: "host", header: "Host location", cell: (r) => r.locationName ?? "—" },
        { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
      ]}
      viewHref={(r) => programPath(r.name)}
      deleteDescription="The program and its public page are removed for good."
      empty={{
        filtered: { title: "No programs match this search", description: "Try another search." },
        none: "Add the first course or workshop.",
      }}
    />
  );
}

export const ErrorBoundary = AdminErrorBoundary;
