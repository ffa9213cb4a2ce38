import { data, Form, Link, redirect } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { nameColumn } from "~/components/admin/content/content-table";
import { useSubmitting } from "~/components/admin/content/use-navigation-state";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses, TextField } from "~/components/forms/form-field";
import { fieldErrors } from "~/lib/schemas";
import { formDataToObject } from "~/lib/schemas/form";
import { NewIssueSchema } from "~/lib/schemas/newsletter-issue";
import { readForm } from "~/server-lib/form.server";
import {
  countNewsletterSubscriptions,
  createDraftIssue,
  listIssues,
} from "~/services/newsletter/newsletter-issues.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/newsletter-issues";

const LIST = "/admin/dashboard/newsletter/issues";
const STATUS_LABELS = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const [issues, subscribers] = await Promise.all([
    listIssues(context.services.db),
    countNewsletterSubscriptions(context.services.db),
  ]);
  return data(
    {
      subscribers,
      issues: issues.map((i) => ({
        ...i,
        createdAt: i.createdAt.toISOString(),
        sentAt: i.sentAt?.toISOString() ?? null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const parsed = NewIssueSchema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const id = await createDraftIssue(context.services, parsed.data.subject, user);
  throw redirect(`${LIST}/${id}`);
}

export const meta = () => adminMeta("Newsletter issues");

type Row = Route.ComponentProps["loaderData"]["issues"][number];

export default function NewsletterIssuesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { issues, subscribers } = loaderData;
  const submitting = useSubmitting();
  const columns: Column<Row>[] = [
    nameColumn("subject", "Subject", (r) => `${LIST}/${r.id}`),
    { key: "status", header: "Status", cell: (r) => STATUS_LABELS[r.status] },
    {
      key: "delivery",
      header: "Delivered",
      cell: (r) =>
        r.status === "draft" ? "—" : `${r.sent} of ${r.recipients}${r.failed ? ` (${r.failed} failed)` : ""}`,
    },
    {
      key: "date",
      header: "Date",
      cell: (r) => {
        const iso = r.sentAt ?? r.createdAt;
        return <time dateTime={iso}>{iso.slice(0, 10)}</time>;
      },
    },
  ];
  return (
    <div>
      <PageHeader
        title="Newsletter issues"
        description={`Write an issue in Markdown, preview it, send yourself a test, then send it to the ${subscribers} confirmed ${subscribers === 1 ? "subscriber" : "subscribers"}.`}
        actions={
          <Link to="/admin/dashboard/newsletter" className={buttonClasses.secondary}>
            Subscribers
          </Link>
        }
      />
      <section aria-labelledby="new-issue" className="mb-8 max-w-xl rounded-lg border border-stone-300 bg-white p-5">
        <h2 id="new-issue" className="text-lg font-semibold text-stone-900">
          Write a new issue
        </h2>
        <Form method="post" className="mt-3 space-y-3" noValidate>
          <TextField name="subject" label="Subject" required error={actionData?.errors.subject} maxLength={200} />
          <button type="submit" className={buttonClasses.primary} disabled={submitting}>
            Start writing
          </button>
        </Form>
      </section>
      <DataTable
        caption="Newsletter issues, newest first"
        columns={columns}
        rows={issues}
        getRowKey={(r) => r.id}
        empty={
          <EmptyState title="No issues yet" description="Issues you write appear here, with how far each was sent." />
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref="/admin/dashboard/newsletter" listLabel="Back to the newsletter" />;
}
