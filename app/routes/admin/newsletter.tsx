import { data, Link, useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "../../components/admin/confirm-dialog";
import {
  AdminErrorBoundary,
  PageHeader,
  parsePage,
  parseQuery,
  useListBusy,
} from "../../components/admin/content/admin-page";
import { deleteLinks, SearchForm } from "../../components/admin/content/search-form";
import { type Column, DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses } from "../../components/admin/form-field";
import { Pagination } from "../../components/admin/pagination";
import { exportHref as csvExportHref } from "../../lib/admin-exports";
import { requireAdmin } from "../../lib/guard.server";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import {
  countNewsletterSubscriptionsMatching,
  deleteNewsletterSubscription,
  getNewsletterSubscriptionById,
  listNewsletterSubscriptions,
} from "../../queries/newsletter.server";
import type { Route } from "./+types/newsletter";

const LIST = "/admin/dashboard/newsletter";
const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const q = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url.searchParams.get("page"));
  const confirmId = url.searchParams.get("delete") ?? "";
  const [rows, total, confirm] = await Promise.all([
    listNewsletterSubscriptions(db, { q: q || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    countNewsletterSubscriptionsMatching(db, q || undefined),
    confirmId ? getNewsletterSubscriptionById(db, confirmId) : null,
  ]);
  return {
    q,
    page,
    total,
    rows: rows.map((r) => ({ id: r.id, email: r.email, source: r.source, timestamp: r.timestamp.toISOString() })),
    confirm: confirm ? { id: confirm.id, email: confirm.email } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const form = await request.formData();
  if (form.get("intent") !== "delete") throw data("Unknown action.", { status: 400 });
  const id = String(form.get("id") ?? "");
  const existing = await getNewsletterSubscriptionById(db, id);
  if (!existing) return redirectWithToast(LIST, "That subscriber was already removed.", "error");
  await deleteNewsletterSubscription(db, id);
  await recordAudit(
    db,
    {
      user,
      action: "delete",
      entity: "newsletter-subscription",
      entityId: id,
      summary: "Removed a newsletter subscriber",
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  return redirectWithToast(LIST, "Subscriber removed");
}

export function meta() {
  return [{ title: "Newsletter | Admin" }, { name: "robots", content: "noindex" }];
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function NewsletterAdminPage({ loaderData }: Route.ComponentProps) {
  const { q, page, total, rows, confirm } = loaderData;
  const busy = useListBusy();
  const { here, params, confirmHref } = deleteLinks(LIST, useLocation().search);
  const exportHref = csvExportHref("newsletter", { q });
  const columns: Column<Row>[] = [
    { key: "email", header: "E-mail", rowHeader: true, cell: (r) => r.email },
    {
      key: "timestamp",
      header: "Subscribed",
      cell: (r) => <time dateTime={r.timestamp}>{r.timestamp.replace("T", " ").slice(0, 16)}</time>,
    },
    { key: "source", header: "Source", cell: (r) => r.source },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (r) => (
        <ConfirmDialog
          triggerLabel="Remove"
          triggerAccessibleLabel={`Remove ${r.email}`}
          title={`Remove ${r.email}?`}
          description="This address will no longer receive the newsletter."
          confirmLabel="Remove"
          fields={{ intent: "delete", id: r.id }}
          fallbackHref={confirmHref(r.id)}
          action={here}
        />
      ),
    },
  ];
  return (
    <div>
      <PageHeader
        title="Newsletter"
        description="People who subscribed to the newsletter."
        action={
          <a className={buttonClasses.secondary} href={exportHref} download>
            Export CSV
          </a>
        }
      />
      {confirm ? (
        <ConfirmPanel
          title={`Remove ${confirm.email}?`}
          description="This address will no longer receive the newsletter."
          confirmLabel="Remove"
          fields={{ intent: "delete", id: confirm.id }}
          cancelHref={here}
          action={here}
        />
      ) : null}
      <SearchForm id="newsletter-q" label="Search subscribers" q={q} clearHref={q ? LIST : undefined} />
      <DataTable
        caption="Newsletter subscribers"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={q ? "No subscribers match this search" : "No subscribers yet"}
            description={
              q ? "Try part of an address." : "Sign-ups from the footer and the newsletter page appear here."
            }
            action={
              q ? (
                <Link to={LIST} className={buttonClasses.secondary}>
                  Clear search
                </Link>
              ) : undefined
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
