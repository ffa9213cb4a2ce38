import { data, Form, Link } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { parsePage } from "~/components/admin/content/list-query";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { Pagination } from "~/components/admin/pagination";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses } from "~/components/forms/form-field";
import { entryEditPath } from "~/lib/admin-paths";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { formId } from "~/lib/schemas/form";
import { PROPOSAL_STATUSES, type ProposalKind, PROPOSAL_STATUS_LABELS as STATUS_TAB_LABELS } from "~/lib/vocabulary";
import { z } from "~/lib/zod";
import { parseForm } from "~/server-lib/form.server";
import { countPendingProposals, listProposals } from "~/services/contributions/proposals.server";
import { type CheckableKind, listNeedsChecking, markEntryChecked } from "~/services/entries/entry-checks.server";
import { getGeneralSettings } from "~/services/site/site-settings.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/moderation";

const LIST = "/admin/dashboard/moderation";

const KIND_LABELS: Record<ProposalKind, string> = { "new-place": "Proposed place", correction: "Correction" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  if (url.searchParams.get("status") === "checking") {
    const { freshnessMonths } = await getGeneralSettings(db);
    const before = new Date();
    before.setMonth(before.getMonth() - freshnessMonths);
    const [stale, waiting] = await Promise.all([
      listNeedsChecking(db, before, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
      countPendingProposals(db),
    ]);
    return data(
      {
        status: "checking" as const,
        page,
        total: stale.total,
        waiting,
        rows: [],
        stale: {
          months: freshnessMonths,
          capped: stale.capped,
          rows: stale.rows.map((r) => ({ ...r, checkedAt: r.checkedAt.toISOString() })),
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const status = PROPOSAL_STATUSES.find((s) => s === url.searchParams.get("status")) ?? "pending";
  const [list, waiting] = await Promise.all([
    listProposals(db, { status, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
    countPendingProposals(db),
  ]);
  return data(
    {
      status,
      page,
      total: list.total,
      waiting,
      rows: list.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        what: r.kind === "new-place" ? (r.proposedName ?? "(no name)") : (r.entryName ?? "(an entry since removed)"),
        entity: r.entity,
        closure: r.closure,
        fromEmail: Boolean(r.email),
        createdAt: r.createdAt.toISOString(),
        decidedAt: r.decidedAt?.toISOString() ?? null,
      })),
      stale: null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const CheckedSchema = z.object({
  intent: z.literal("checked", { error: "Unknown action." }),
  kind: z.enum(["location", "program", "change-maker"], { error: "Unknown kind of entry." }),
  id: formId("entry"),
});

/** Staff found an entry current: its "Last checked" moves to now and it leaves the list. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { kind, id } = await parseForm(request, CheckedSchema);
  const name = await markEntryChecked(context.services.db, kind as CheckableKind, id);
  if (!name) throw data("No such entry. It may have been deleted.", { status: 404 });
  await auditStaffAction(context.services, {
    user,
    action: "update",
    entity: kind,
    entityId: id,
    summary: `Marked "${name}" as checked`,
  });
  return redirectWithToast(`${LIST}?status=checking`, `“${name}” marked as checked`);
}

export const meta = () => adminMeta("Moderation");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { status, page, total, rows, waiting, stale } = loaderData;
  const columns: Column<Row>[] = [
    nameColumn("what", "Entry", (r) => `${LIST}/${r.id}`),
    {
      key: "kind",
      header: "Kind",
      cell: (r) =>
        `${KIND_LABELS[r.kind]}${r.kind === "correction" ? ` (${r.entity.replace("-", " ")})` : ""}${
          r.closure ? `: says ${r.closure}` : ""
        }`,
    },
    { key: "from", header: "Contact", cell: (r) => (r.fromEmail ? "E-mail given" : "Anonymous") },
    {
      key: "created",
      header: status === "pending" ? "Sent" : "Decided",
      cell: (r) => {
        const at = status === "pending" ? r.createdAt : (r.decidedAt ?? r.createdAt);
        return <time dateTime={at}>{at.slice(0, 10)}</time>;
      },
    },
  ];
  const waitingTotal = waiting["new-place"] + waiting.correction;
  return (
    <div>
      <PageHeader
        title="Moderation"
        description="What visitors proposed: new places and corrections. Nothing here is public until you accept it."
      />
      <FilterTabs
        label="Filter by decision"
        current={status}
        tabs={[
          ...PROPOSAL_STATUSES.map((s) => ({
            key: s,
            label: STATUS_TAB_LABELS[s],
            count: s === "pending" ? waitingTotal : undefined,
            href: s === "pending" ? LIST : `${LIST}?status=${s}`,
          })),
          { key: "checking", label: "Needs checking", count: undefined, href: `${LIST}?status=checking` },
        ]}
      />
      {status === "pending" ? (
        <p className="mb-4 text-stone-700">
          {waiting["new-place"]} proposed place{waiting["new-place"] === 1 ? "" : "s"} and {waiting.correction}{" "}
          correction{waiting.correction === 1 ? "" : "s"} waiting, oldest first.
        </p>
      ) : null}
      {stale ? (
        <NeedsChecking months={stale.months} rows={stale.rows} total={total} capped={stale.capped} page={page} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={status === "pending" ? "Nothing is waiting" : `Nothing ${STATUS_TAB_LABELS[status].toLowerCase()} yet`}
          description={
            status === "pending"
              ? "Suggestions from visitors appear here as they arrive."
              : "Decisions appear here once they are made."
          }
        />
      ) : (
        <>
          <DataTable caption="Contributions" columns={columns} rows={rows} getRowKey={(r) => r.id} />
          <Pagination
            page={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={total}
            search={status === "pending" ? "" : `status=${status}`}
          />
        </>
      )}
    </div>
  );
}

/** Published entries nobody has confirmed for a while, the longest unchecked first, each with "Mark checked". */
function NeedsChecking({
  months,
  rows,
  total,
  capped,
  page,
}: {
  months: number;
  rows: { kind: string; id: string; name: string; checkedAt: string }[];
  total: number;
  capped: boolean;
  page: number;
}) {
  if (rows.length === 0) {
    return (
      <EmptyState
        title="Everything has been checked"
        description={`Every published entry was confirmed in the last ${months} months.`}
      />
    );
  }
  return (
    <>
      <p className="mb-4 text-stone-700">
        {total.toLocaleString("en")}
        {capped ? "+" : ""} published entr{total === 1 ? "y has" : "ies have"} not been confirmed for {months} months
        (change this in Site settings). Open one, look it over, then mark it checked.
      </p>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {rows.map((r) => (
          <li key={`${r.kind}:${r.id}`} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div>
              <Link to={entryEditPath(r.kind, r.id)} className="font-semibold text-leaf-800 underline">
                {r.name}
              </Link>
              <span className="block text-sm text-stone-700">
                {r.kind.replace("-", " ")}, last checked <time dateTime={r.checkedAt}>{r.checkedAt.slice(0, 10)}</time>
              </span>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="checked" />
              <input type="hidden" name="kind" value={r.kind} />
              <input type="hidden" name="id" value={r.id} />
              <button type="submit" className={buttonClasses.secondary}>
                Mark “{r.name}” checked
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={total} search="status=checking" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
