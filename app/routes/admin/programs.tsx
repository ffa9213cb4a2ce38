import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { EntryListPage, entryListMeta } from "~/components/admin/content/entry-list";
import type { Column } from "~/components/admin/data-table";
import { PROGRAM_FORMATS } from "~/lib/schemas/program";
import { searchProgramsForAdmin } from "~/services/entries/reads.server";
import type { Route } from "./+types/programs";
import { entryDeleteAction, entryListLoader } from "./entry-list.server";

export const loader = entryListLoader("program", searchProgramsForAdmin);

export const action = entryDeleteAction("program");

export const meta = () => entryListMeta("program");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function dates(r: Row): string {
  if (!r.startDate) return "Not scheduled";
  return r.endDate && r.endDate !== r.startDate ? `${r.startDate} to ${r.endDate}` : r.startDate;
}

const COLUMNS: Column<Row>[] = [
  { key: "dates", header: "Dates", cell: dates },
  { key: "format", header: "Format", cell: (r) => PROGRAM_FORMATS.find((f) => f.value === r.format)?.label },
  { key: "host", header: "Host location", cell: (r) => r.locationName ?? "—" },
];

export default function ProgramsPage({ loaderData }: Route.ComponentProps) {
  return <EntryListPage kind="program" data={loaderData} columns={COLUMNS} />;
}

export const ErrorBoundary = AdminErrorBoundary;
