import { data, Form, Link, useLocation } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { openRowColumn } from "~/components/admin/content/content-table";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { parsePage } from "~/components/admin/content/list-query";
import { useListBusy, useSubmitting } from "~/components/admin/content/use-navigation-state";
import { type Column, DataTable } from "~/components/admin/data-table";
import { EmptyState } from "~/components/admin/empty-state";
import { Pagination } from "~/components/admin/pagination";
import { PageHeader } from "~/components/admin/shell/page-header";
import { type BadgeTone, StatusBadge } from "~/components/admin/status-badge";
import { buttonClasses, ErrorSummary, SubmitButton, TextAreaField } from "~/components/forms/form-field";
import { exportHref as csvExportHref } from "~/lib/admin-exports";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { hrefWithParams } from "~/lib/query-string";
import { fieldErrors } from "~/lib/schemas";
import { ApplicantActionSchema, REVIEW_STATUS_LABELS, REVIEW_STATUS_VALUES } from "~/lib/schemas/applicant";
import { formDataToObject } from "~/lib/schemas/form";
import { isDecision } from "~/lib/vocabulary";
import { readForm } from "~/server-lib/form.server";
import {
  countApplicationsByStatus,
  decideApplication,
  getApplicationById,
  listApplications,
  makeEntryFromApplication,
  REVIEW_TRANSITIONS,
  type ReviewStatus,
  setApplicationNotes,
} from "~/services/contributions/applications.server";
import { loadReferenceData } from "~/services/site/reference.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { getNoticeSettings, setApplicationNoticeSetting } from "~/services/staff/accounts.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/applicants";

const LIST = "/admin/dashboard/applicants";
const PAGE_SIZE = ADMIN_PAGE_SIZE;

function parseStatus(value: string | null): ReviewStatus | undefined {
  return REVIEW_STATUS_VALUES.find((s) => s === value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const status = parseStatus(url.searchParams.get("status"));
  const ref = await loadReferenceData(context.services);
  const focusNames = (ids: string[]) => ids.map((id) => ref.focusAreasById.get(id)?.name ?? "").filter(Boolean);

  const page = parsePage(url.searchParams.get("page"));
  const id = url.searchParams.get("id");
  const [counts, rows, selected, notices] = await Promise.all([
    countApplicationsByStatus(db),
    listApplications(db, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    id ? getApplicationById(db, id) : null,
    getNoticeSettings(db, user.id),
  ]);
  if (id && !selected) throw data("No application with this id exists.", { status: 404 });
  const total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    status: status ?? null,
    notices: notices.applications,
    digest: notices.digest,
    mailSending: context.services.mail.sending,
    page,
    total,
    counts,
    rows: rows.map((a) => ({
      id: a.id,
      fullName: a.fullName,
      email: a.email,
      applicantType: a.applicantType,
      country: a.country,
      status: a.status,
      createdAt: a.createdAt.toISOString(),
    })),
    selected: selected
      ? {
          ...selected,
          regionName: selected.regionId ? (ref.regionsById.get(selected.regionId)?.name ?? "") : "",
          focusAreaNames: focusNames(selected.focusAreas),
          consentAt: selected.consentAt.toISOString(),
          createdAt: selected.createdAt.toISOString(),
          updatedAt: selected.updatedAt.toISOString(),
          allowed: [...REVIEW_TRANSITIONS[selected.status]],
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const values = formDataToObject(await readForm(request));
  const parsed = ApplicantActionSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const back = new URL(request.url);
  if (parsed.data.intent === "notices") {
    const on = parsed.data.notices === "on";
    await setApplicationNoticeSetting(db, user.id, on);
    return redirectWithToast(
      `${LIST}${back.search}`,
      on ? "You will get an e-mail for each new application" : "No more e-mails about new applications",
    );
  }
  back.searchParams.set("id", parsed.data.id);
  const backHref = `${LIST}${back.search}`;
  if (parsed.data.intent === "make-entry") {
    const made = await makeEntryFromApplication(context.services, user, parsed.data.id, parsed.data.kind);
    if (!made.ok) {
      if (made.status === 404) throw data(made.message, { status: 404 });
      return redirectWithToast(backHref, made.message, "error");
    }
    return redirectWithToast(
      made.editPath,
      `Draft “${made.name}” created from the application: check it, then publish it`,
    );
  }
  if (parsed.data.intent === "status") {
    const current = await getApplicationById(db, parsed.data.id);
    if (!current) throw data("No application with this id exists.", { status: 404 });
    const next = parsed.data.status;
    const { outcome, notified } = await decideApplication(context.services, current, next, {
      notify: parsed.data.notify,
      note: parsed.data.message,
    });
    if (outcome === "not-allowed") {
      const allowed = REVIEW_TRANSITIONS[current.status].map((s) => REVIEW_STATUS_LABELS[s]).join(" or ");
      return data(
        {
          errors: {
            status: `An application that is "${REVIEW_STATUS_LABELS[current.status]}" cannot move to "${REVIEW_STATUS_LABELS[next]}". It can move to ${allowed}.`,
          },
        },
        { status: 400 },
      );
    }
    if (outcome === "not-found") throw data("No application with this id exists.", { status: 404 });
    await auditStaffAction(context.services, {
      user,
      action: "status",
      entity: "application",
      entityId: current.id,
      summary: `Application of ${current.fullName}: ${current.status} -> ${next}${notified ? " (applicant e-mailed)" : ""}`,
    });
    return redirectWithToast(
      backHref,
      `Status changed to ${REVIEW_STATUS_LABELS[next]}${notified ? "; the applicant will get an e-mail" : ""}`,
    );
  }
  const saved = await setApplicationNotes(db, parsed.data.id, parsed.data.notes);
  if (!saved) throw data("No application with this id exists.", { status: 404 });
  await auditStaffAction(context.services, {
    user,
    action: "update",
    entity: "application",
    entityId: parsed.data.id,
    summary: "Updated internal notes",
  });
  return redirectWithToast(backHref, "Notes saved");
}

export const meta = () => adminMeta("Applicants");

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const STATUS_TONES: Record<ReviewStatus, BadgeTone> = {
  NEEDS_REVIEW: "amber",
  UNDER_REVIEW: "sky",
  APPROVED: "leaf",
  REJECTED: "red",
};

/** One kind of directory entry made from an application: a link to it once made, otherwise the button that drafts it. */
function MakeEntry({
  applicationId,
  kind,
  madeHref,
  openLabel,
  createLabel,
  submitting,
}: {
  applicationId: string;
  kind: "location" | "change-maker";
  madeHref: string | null;
  openLabel: string;
  createLabel: string;
  submitting: boolean;
}) {
  if (madeHref) {
    return (
      <Link to={madeHref} className={buttonClasses.link}>
        {openLabel}
      </Link>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="make-entry" />
      <input type="hidden" name="id" value={applicationId} />
      <input type="hidden" name="kind" value={kind} />
      <button type="submit" disabled={submitting} className={buttonClasses.secondary}>
        {createLabel}
      </button>
    </Form>
  );
}

const ACTION_LABELS: Record<ReviewStatus, string> = {
  NEEDS_REVIEW: "Back to needs review",
  UNDER_REVIEW: "Move to under review",
  APPROVED: "Approve",
  REJECTED: "Reject",
};

export default function ApplicantsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { status, page, total, counts, rows, selected, notices, digest, mailSending } = loaderData;
  const busy = useListBusy();
  const submitting = useSubmitting();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const hrefWith = (changes: Record<string, string | null>) => hrefWithParams(LIST, params, changes);
  const listParams = new URLSearchParams(params);
  listParams.delete("id");
  const exportHref = csvExportHref("applicants", { status: status ?? undefined });
  const errors: Record<string, string> = actionData?.errors ?? {};
  const allTotal = Object.values(counts).reduce((a, b) => a + b, 0);
  const tabs: { key: ReviewStatus | null; label: string; count: number }[] = [
    { key: null, label: "All", count: allTotal },
    ...REVIEW_STATUS_VALUES.map((s) => ({ key: s, label: REVIEW_STATUS_LABELS[s], count: counts[s] })),
  ];
  const columns: Column<Row>[] = [
    openRowColumn("fullName", "Name", hrefWith, selected?.id),
    { key: "email", header: "E-mail", cell: (r) => r.email },
    { key: "type", header: "Type", cell: (r) => (r.applicantType === "educator" ? "Educator" : "Learner") },
    { key: "country", header: "Country", cell: (r) => r.country },
    {
      key: "status",
      header: "Status",
      cell: (r) => <StatusBadge tone={STATUS_TONES[r.status]} label={REVIEW_STATUS_LABELS[r.status]} />,
    },
    {
      key: "submitted",
      header: "Submitted",
      cell: (r) => <time dateTime={r.createdAt}>{r.createdAt.slice(0, 10)}</time>,
    },
  ];
  return (
    <div>
      <PageHeader
        title="Applicants"
        description="Applications sent through the public application form."
        actions={
          <a className={buttonClasses.secondary} href={exportHref} download>
            {`Export CSV${status ? ` (${REVIEW_STATUS_LABELS[status]})` : ""}`}
          </a>
        }
      />
      <Form method="post" className="mb-4 flex flex-wrap items-center gap-3 text-sm text-stone-800">
        <input type="hidden" name="intent" value="notices" />
        <input type="hidden" name="notices" value={notices ? "off" : "on"} />
        <p>
          {notices
            ? digest
              ? "New applications are in your daily digest."
              : "You get an e-mail for each new application."
            : "You get no e-mail when an application arrives."}
          {mailSending ? "" : " (No mail server is configured: messages are kept in the Outbox.)"}{" "}
          <Link to="/admin/dashboard/users#notices" className={buttonClasses.link}>
            All your e-mail notices
          </Link>
        </p>
        <button type="submit" className={buttonClasses.secondary} disabled={submitting}>
          {notices ? "Stop these e-mails" : "E-mail me about new applications"}
        </button>
      </Form>
      <FilterTabs
        label="Filter by review status"
        current={status}
        tabs={tabs.map((t) => ({ ...t, href: hrefWith({ status: t.key, page: null, id: null }) }))}
      />

      {selected ? (
        <section aria-labelledby="applicant-title" className="mb-6 rounded-lg border border-stone-300 bg-white p-5">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 id="applicant-title" className="text-xl font-bold text-stone-900">
                {selected.fullName}
              </h2>
              <p className="mt-1">
                <StatusBadge tone={STATUS_TONES[selected.status]} label={REVIEW_STATUS_LABELS[selected.status]} />
              </p>
            </div>
            <Link to={hrefWith({ id: null })} className={buttonClasses.link}>
              Close details
            </Link>
          </div>
          <ErrorSummary errors={errors} labels={{ status: "Status", notes: "Notes", message: "Personal note" }} />
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Detail label="E-mail" value={selected.email} />
            <Detail label="Applicant type" value={selected.applicantType === "educator" ? "Educator" : "Learner"} />
            <Detail label="Organization" value={selected.organization} />
            <Detail label="Country" value={selected.country} />
            <Detail label="Region" value={selected.regionName} />
            <Detail label="Focus areas" value={selected.focusAreaNames.join(", ")} />
            <Detail label="Website" value={selected.website ?? ""} />
            <Detail label="Submitted" value={selected.createdAt.replace("T", " ").slice(0, 16)} />
            <Detail label="Consent given" value={selected.consentAt.replace("T", " ").slice(0, 16)} />
            <Detail label="Last updated" value={selected.updatedAt.replace("T", " ").slice(0, 16)} />
            <Detail label="Experience" value={selected.experience} wide />
            <Detail label="What they are looking for" value={selected.seeking} wide />
          </dl>
          <div className="mt-6 border-t border-stone-200 pt-4">
            <h3 className="font-semibold text-stone-900">Review status</h3>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="id" value={selected.id} />
              {selected.allowed.some(isDecision) ? (
                <fieldset className="mb-3 max-w-2xl">
                  <legend className="text-sm font-semibold text-stone-800">Message to the applicant</legend>
                  <label className="mt-2 flex items-center gap-2 text-stone-900">
                    <input type="checkbox" name="notify" defaultChecked className="size-4" />
                    E-mail {selected.email} when I approve or reject
                  </label>
                  <TextAreaField
                    name="message"
                    label="Personal note (optional)"
                    rows={3}
                    maxLength={2000}
                    error={errors.message}
                    hint="Added to the e-mail, for example what happens next or why."
                  />
                </fieldset>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {selected.allowed.map((next) => (
                  <button
                    key={next}
                    type="submit"
                    name="status"
                    value={next}
                    disabled={submitting}
                    className={next === "REJECTED" ? buttonClasses.danger : buttonClasses.primary}
                  >
                    {ACTION_LABELS[next]}
                  </button>
                ))}
              </div>
            </Form>
          </div>
          <section aria-labelledby="make-entry-heading" className="mt-6 border-t border-stone-200 pt-4">
            <h3 id="make-entry-heading" className="font-semibold text-stone-900">
              Directory entries
            </h3>
            <p className="mt-1 text-sm text-stone-700">
              Make a draft from this application, prefilled with what they told us; it stays hidden until you publish
              it.
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <MakeEntry
                applicationId={selected.id}
                kind="location"
                madeHref={selected.locationId ? `/admin/dashboard/edit/${selected.locationId}` : null}
                openLabel="Open the place made from it"
                createLabel="Create a draft place"
                submitting={submitting}
              />
              <MakeEntry
                applicationId={selected.id}
                kind="change-maker"
                madeHref={
                  selected.changeMakerId ? `/admin/dashboard/change-makers/edit/${selected.changeMakerId}` : null
                }
                openLabel="Open the profile made from it"
                createLabel="Create a draft change-maker profile"
                submitting={submitting}
              />
            </div>
          </section>
          <Form method="post" className="mt-6 border-t border-stone-200 pt-4">
            <input type="hidden" name="intent" value="notes" />
            <input type="hidden" name="id" value={selected.id} />
            <TextAreaField
              name="notes"
              label="Internal notes"
              rows={4}
              maxLength={5000}
              defaultValue={selected.notes}
              error={errors.notes}
              hint="Only administrators see these notes."
            />
            <div className="mt-3">
              <SubmitButton pending={submitting}>Save notes</SubmitButton>
            </div>
          </Form>
        </section>
      ) : null}

      <DataTable
        caption={status ? `Applications: ${REVIEW_STATUS_LABELS[status]}` : "All applications"}
        columns={columns}
        rows={rows}
        getRowKey={(r) => r.id}
        busy={busy}
        empty={
          <EmptyState
            title={status ? `No applications are "${REVIEW_STATUS_LABELS[status]}"` : "No applications yet"}
            description="Applications sent through the public form appear here."
          />
        }
      />
      <Pagination page={page} pageSize={PAGE_SIZE} total={total} search={listParams} />
    </div>
  );
}

function Detail({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-semibold text-stone-700">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-stone-900">{value || "—"}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to applicants" />;
}
