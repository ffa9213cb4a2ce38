import { data, Link } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { type Column, DataTable } from "~/components/admin/data-table";
import { formatDateTime } from "~/components/admin/shell/format";
import { PageHeader } from "~/components/admin/shell/page-header";
import { pageTextEditPath } from "~/lib/admin-paths";
import { listPageTextsForAdmin, type PageTextSummary } from "~/services/site/page-texts.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/pages";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const texts = await listPageTextsForAdmin(context.services);
  return data({ texts }, { headers: { "Cache-Control": "no-store" } });
}

export const meta = () => adminMeta("Pages");

const columns: Column<PageTextSummary>[] = [
  {
    key: "label",
    header: "Text",
    rowHeader: true,
    cell: (t) => (
      <Link to={pageTextEditPath(t.key)} className="font-semibold text-leaf-800 underline">
        {t.label}
      </Link>
    ),
  },
  { key: "kind", header: "Kind", cell: (t) => (t.kind === "markdown" ? "Markdown" : "One line of text") },
  { key: "shown", header: "Shown on", cell: (t) => t.shownOn },
  {
    key: "saved",
    header: "Last saved",
    cell: (t) =>
      t.updatedAt ? (
        <>
          <time dateTime={t.updatedAt}>{formatDateTime(t.updatedAt)}</time>
          <span className="block text-stone-700">by {t.updatedBy}</span>
        </>
      ) : (
        "Never: shows the built-in text"
      ),
  },
];

export default function Pages({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Pages"
        description="The site's own words: its name, the home page's heading and introduction, the footer's tagline, and the About, Privacy and Terms pages. A saved text shows on the site at once, and every save is kept so an earlier version can be restored."
      />
      <DataTable caption="Texts of the site" columns={columns} rows={loaderData.texts} getRowKey={(t) => t.key} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
