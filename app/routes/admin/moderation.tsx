import { data, Link } from "react-router";
import { AdminErrorBoundary, PageHeader } from "../../components/admin/content/admin-page";
import { FilterTabs } from "../../components/admin/content/filter-tabs";
import { parsePage } from "../../components/admin/content/list-query";
import { type Column, DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { Pagination } from "../../components/admin/pagination";
import { ADMIN_PAGE_SIZE } from "../../lib/constants";
import {
  PROPOSAL_STATUSES,
  type ProposalKind,
  PROPOSAL_STATUS_LABELS as STATUS_TAB_LABELS,
} from "../../lib/vocabulary";
import { countPendingProposals, listProposals } from "../../queries/proposals.server";
import { requireAdmin } from "../../services/guard.server";
import type { Route } from "./+types/moderation";

const LIST = "/admin/dashboard/moderation";

const KIND_LABELS: Record<ProposalKind, string> = { "new-place": "Proposed place", correction: "Correction" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const status = PROPOSAL_STATUSES.find((s) => s === url.searchParams.get("status")) ?? "pending";
  const page = parsePage(url.searchParams.get("page"));
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
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function meta() {
  return [{ title: "Moderation | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function ModerationPage({ loaderData }: Route.ComponentProps) {
  const { status, page, total, rows, waiting } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "what",
      header: "Entry",
      rowHeader: true,
      cell: (r) => (
        <Link to={`${LIST}/${r.id}`} className="text-leaf-800 underline">
          {r.what}
        </Link>
      ),
    },
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
        tabs={PROPOSAL_STATUSES.map((s) => ({
          key: s,
          label: STATUS_TAB_LABELS[s],
          count: s === "pending" ? waitingTotal : undefined,
          href: s === "pending" ? LIST : `${LIST}?status=${s}`,
        }))}
      />
      {status === "pending" ? (
        <p className="mb-4 text-stone-700">
          {waiting["new-place"]} proposed place{waiting["new-place"] === 1 ? "" : "s"} and {waiting.correction}{" "}
          correction{waiting.correction === 1 ? "" : "s"} waiting, oldest first.
        </p>
      ) : null}
      {rows.length === 0 ? (
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard" listLabel="Back to the dashboard" />;
}
