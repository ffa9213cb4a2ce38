import { data, Form, Link, useLocation } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { openRowColumn } from "~/components/admin/content/content-table";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { useListBusy, useSubmitting } from "~/components/admin/content/use-navigation-state";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { Pagination } from "~/components/admin/pagination";
import { PageHeader } from "~/components/admin/shell/page-header";
import { type BadgeTone, StatusBadge } from "~/components/admin/status-badge";
import { buttonClasses } from "~/components/forms/form-field";
import { hrefWithParams } from "~/lib/query-string";
import { formId } from "~/lib/schemas/form";
import { MAIL_KIND_LABELS, MAIL_KINDS, MAIL_STATUS_LABELS, MAIL_STATUSES, type MailStatus } from "~/lib/vocabulary";
import { z } from "~/lib/zod";
import { parseForm } from "~/server-lib/form.server";
import { loadOutbox, loadOutboxMessage, OUTBOX_PAGE_SIZE, readOutboxFilter } from "~/services/mail/outbox.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/outbox";

const LIST = "/admin/dashboard/outbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const url = new URL(request.url);
  const filter = readOutboxFilter(url.searchParams);
  const id = url.searchParams.get("id");
  const [list, selected] = await Promise.all([
    loadOutbox(context.services, filter),
    id ? loadOutboxMessage(context.services, id) : null,
  ]);
  if (id && !selected) throw data("No message with this id is in the outbox.", { status: 404 });
  return data(
    {
      ...filter,
      ...list,
      rows: list.rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        to: r.toAddress,
        subject: r.subject,
        status: r.status,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
      })),
      selected,
      pageSize: OUTBOX_PAGE_SIZE,
      sending: context.services.mail.sending,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const ActionSchema = z.object({
  intent: z.literal("retry", { error: "Unknown action." }),
  id: formId("message"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { id } = await parseForm(request, ActionSchema);
  const back = new URL(request.url);
  back.searchParams.set("id", id);
  const again = await context.services.mail.retry(id);
  if (!again) {
    return redirectWithToast(`${LIST}${back.search}`, "Only a failed message can be sent again.", "error");
  }
  await auditStaffAction(context.services, {
    user,
    action: "send",
    entity: "mail",
    entityId: id,
    summary: "Queued a failed e-mail again",
  });
  return redirectWithToast(`${LIST}${back.search}`, "The message is queued and will be sent again");
}

export const meta = () => adminMeta("Outbox");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATUS_TONES: Record<MailStatus, BadgeTone> = {
  queued: "sky",
  sending: "sky",
  sent: "leaf",
  failed: "red",
  held: "amber",
};

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function OutboxPage({ loaderData }: Route.ComponentProps) {
  const { status, kind, page, pageSize, rows, total, counts, selected, sending } = loaderData;
  const busy = useListBusy();
  const submitting = useSubmitting();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hrefWith = (changes: Record<string, string | null>) => hrefWithParams(LIST, params, changes);
  const listParams = new URLSearchParams(params);
  listParams.delete("id");
  const allCount = Object.values(counts).reduce((a, b) => a + b, 0);
  const shownStatuses = MAIL_STATUSES.filter((s) => counts[s] > 0 || s === status);
  const columns: Column<Row>[] = [
    openRowColumn("subject", "Subject", hrefWith, selected?.id),
    { key: "to", header: "To", cell: (r) => <span className="break-all">{r.to}</span> },
    { key: "kind", header: "Kind", cell: (r) => MAIL_KIND_LABELS[r.kind] },
    {
      key: "status",
      header: "Status",
      cell: (r) => (
        <>
          <StatusBadge tone={STATUS_TONES[r.status]} label={MAIL_STATUS_LABELS[r.status]} />
          {r.lastError && r.status !== "sent" ? (
            <span className="mt-1 block max-w-xs text-xs break-words text-stone-700">{r.lastError}</span>
          ) : null}
        </>
      ),
    },
    { key: "created", header: "Queued", cell: (r) => <time dateTime={r.createdAt}>{when(r.createdAt)}</time> },
  ];
  return (
    <div>
      <PageHeader
        title="Outbox"
        description={
          sending
            ? "Every e-mail the site sends: queued, sent and failed messages, with the last error of each."
            : "No mail server is configured (SMTP_URL is unset), so e-mails are kept here instead of being sent. Open one to read it and follow its links."
        }
      />
      <FilterTabs
        label="Filter by delivery status"
        current={status ?? null}
        tabs={[
          { key: null, label: "All", count: allCount, href: hrefWith({ status: null, page: null, id: null }) },
          ...shownStatuses.map((s) => ({
            key: s,
            label: MAIL_STATUS_LABELS[s],
            count: counts[s],
            href: hrefWith({ status: s, page: null, id: null }),
          })),
        ]}
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <div>
          <label htmlFor="outbox-kind" className="block text-sm font-semibold text-stone-900">
            Kind of message
          </label>
          <select
            id="outbox-kind"
            name="kind"
            defaultValue={kind ?? ""}
            className="mt-1 rounded border border-stone-400 bg-white px-2 py-1.5"
          >
            <option value="">All kinds</option>
            {MAIL_KINDS.map((k) => (
              <option key={k} value={k}>
                {MAIL_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClasses.secondary}>
          Show
        </button>
      </Form>

      {selected ? (
        <section aria-labelledby="message-title" className="mb-6 rounded-lg border border-stone-300 bg-white p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <h2 id="message-title" className="text-xl font-bold break-words text-stone-900">
              {selected.subject}
            </h2>
            <Link to={hrefWith({ id: null })} className="text-leaf-800 underline">
              Close message
            </Link>
          </div>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-stone-900">To</dt>
            <dd className="break-all">{selected.to}</dd>
            <dt className="font-semibold text-stone-900">Kind</dt>
            <dd>{MAIL_KIND_LABELS[selected.kind]}</dd>
            <dt className="font-semibold text-stone-900">Status</dt>
            <dd>
              <StatusBadge tone={STATUS_TONES[selected.status]} label={MAIL_STATUS_LABELS[selected.status]} />{" "}
              {selected.attempts > 0 ? `after ${selected.attempts} attempt${selected.attempts === 1 ? "" : "s"}` : ""}
            </dd>
            {selected.lastError ? (
              <>
                <dt className="font-semibold text-stone-900">Last error</dt>
                <dd className="break-words">{selected.lastError}</dd>
              </>
            ) : null}
            <dt className="font-semibold text-stone-900">Queued</dt>
            <dd>
              <time dateTime={selected.createdAt}>{when(selected.createdAt)}</time>
            </dd>
            {selected.sentAt ? (
              <>
                <dt className="font-semibold text-stone-900">Sent</dt>
                <dd>
                  <time dateTime={selected.sentAt}>{when(selected.sentAt)}</time>
                </dd>
              </>
            ) : null}
            {selected.status === "queued" ? (
              <>
                <dt className="font-semibold text-stone-900">Next attempt</dt>
                <dd>
                  <time dateTime={selected.nextAttemptAt}>{when(selected.nextAttemptAt)}</time>
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-stone-900">Message-ID</dt>
            <dd className="break-all">{selected.messageId}</dd>
            {Object.entries(selected.headers).map(([name, value]) => (
              <div key={name} className="contents">
                <dt className="font-semibold text-stone-900">{name}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
          </dl>
          {selected.status === "failed" ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="retry" />
              <input type="hidden" name="id" value={selected.id} />
              <button type="submit" className={buttonClasses.primary} disabled={submitting}>
                Send again
              </button>
            </Form>
          ) : null}
          {selected.links.length > 0 ? (
            <>
              <h3 className="mt-5 font-semibold text-stone-900">Links in this message</h3>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                {selected.links.map((href) => (
                  <li key={href}>
                    <a href={href} className="break-all text-leaf-800 underline">
                      {href}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h3 className="mt-5 font-semibold text-stone-900">As the recipient sees it</h3>
          <iframe
            title={`The message "${selected.subject}" as sent`}
            srcDoc={selected.html}
            sandbox=""
            className="mt-2 h-[28rem] w-full rounded border border-stone-300 bg-white"
          />
          <details className="mt-4">
            <summary className="cursor-pointer font-semibold text-stone-900">Plain-text part</summary>
            <pre className="mt-2 overflow-x-auto rounded bg-stone-100 p-3 text-sm whitespace-pre-wrap break-words">
              {selected.text}
            </pre>
          </details>
        </section>
      ) : null}

      <DataTable
        caption="E-mail messages, newest first"
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={status || kind ? "No messages match these filters" : "No e-mail yet"}
            description="Confirmations, application replies, password resets and newsletters appear here."
          />
        }
      />
      <Pagination page={page} pageSize={pageSize} total={total} search={listParams} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to the outbox" />;
}
