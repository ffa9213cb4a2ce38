import { data, Form, Link } from "react-router";
import { AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { LikelyDuplicates } from "~/components/admin/content/likely-duplicates";
import { useSubmitting } from "~/components/admin/content/use-navigation-state";
import { CorrectionReview } from "~/components/admin/moderation/correction-review";
import { NewPlaceReview } from "~/components/admin/moderation/new-place-review";
import { controlClass } from "~/components/admin/moderation/review-parts";
import { PageHeader } from "~/components/admin/shell/page-header";
import { buttonClasses, ErrorSummary } from "~/components/forms/form-field";
import { type FormValues, formDataToObject } from "~/lib/schemas/form";
import { PLACE_FIELD_LABELS, RejectProposalSchema } from "~/lib/schemas/proposal";
import { ENTRY_STATUS_LABELS, PROPOSAL_STATUS_LABELS as STATUS_TAB_LABELS } from "~/lib/vocabulary";
import { readForm } from "~/server-lib/form.server";
import { acceptCorrection } from "~/services/contributions/corrections.server";
import { loadModerationItem } from "~/services/contributions/moderation-view.server";
import { acceptPlaceProposal, rejectProposal } from "~/services/contributions/proposals.server";
import { redirectWithToast } from "~/services/site/toast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/moderation-item";

const LIST = "/admin/dashboard/moderation";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const item = await loadModerationItem(context.services, params.id);
  if (!item) throw data("No contribution with this id exists.", { status: 404 });
  return data(item, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const form = formDataToObject(await readForm(request));
  if (form.intent === "accept-correction") {
    const outcome = await acceptCorrection(context.services, user, params.id, form);
    if (outcome.ok) return redirectWithToast(LIST, "Correction accepted: the entry is updated");
    return data(
      { message: outcome.message, errors: outcome.errors ?? {}, values: form },
      { status: outcome.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (form.intent === "accept") {
    const outcome = await acceptPlaceProposal(context.services, user, params.id, form);
    if (outcome.ok) {
      return redirectWithToast(
        `/admin/dashboard/edit/${outcome.entityId}`,
        "Draft created from the proposal: check it, then publish it",
      );
    }
    return data(
      { message: outcome.message, errors: outcome.errors ?? {}, values: form },
      { status: outcome.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (form.intent === "reject") {
    const parsed = RejectProposalSchema.safeParse(form);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Please check the reason and the note.";
      return data({ message, errors: {}, values: form }, { status: 400 });
    }
    const outcome = await rejectProposal(context.services, user, params.id, parsed.data);
    if (outcome.ok) return redirectWithToast(LIST, "Contribution declined");
    return data({ message: outcome.message, errors: {}, values: form }, { status: outcome.status });
  }
  throw data("Unknown action.", { status: 400 });
}

export const meta = () => adminMeta("Review a contribution");

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function ModerationItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal: p, fields, regions, entry, correction } = loaderData;
  const submitting = useSubmitting();
  const values: FormValues = actionData?.values ?? {};
  const errors: Record<string, string> = actionData?.errors ?? {};
  const summary = { ...(actionData?.message ? { form: actionData.message } : {}), ...errors };
  // After a failed accept, what staff ticked and typed is shown again.
  const posted = actionData?.values !== undefined;
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to={LIST} className={buttonClasses.link}>
          Back to moderation
        </Link>
      </p>
      <PageHeader
        title={`Review ${p.title}`}
        description={`Sent ${when(p.createdAt)}${p.email ? ` by ${p.email}` : " anonymously"}. ${STATUS_TAB_LABELS[p.status]}.`}
      />
      <ErrorSummary errors={summary} labels={PLACE_FIELD_LABELS} />

      {p.kind === "new-place" && p.status === "pending" ? <LikelyDuplicates items={loaderData.duplicates} /> : null}
      <section aria-labelledby="comment-heading" className="mb-6 rounded-lg border border-stone-300 bg-white p-4">
        <h2 id="comment-heading" className="font-semibold text-stone-900">
          The visitor's note
        </h2>
        <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{p.comment || "No note."}</p>
      </section>

      {p.status !== "pending" ? (
        <section aria-labelledby="decision-heading" className="mb-6 rounded-lg border border-stone-300 bg-white p-4">
          <h2 id="decision-heading" className="font-semibold text-stone-900">
            Decision
          </h2>
          <p className="mt-1 text-stone-800">
            {STATUS_TAB_LABELS[p.status]} {p.decidedAt ? `on ${when(p.decidedAt)}` : ""}
            {p.decidedBy ? ` by ${p.decidedBy}` : ""}.{p.reason ? ` Reason: ${p.reason}` : ""}
          </p>
          {p.note ? <p className="mt-1 whitespace-pre-wrap break-words text-stone-700">Note: {p.note}</p> : null}
          {entry ? (
            <p className="mt-2">
              It became{" "}
              <Link to={`/admin/dashboard/edit/${entry.id}`} className="text-leaf-800 underline">
                {entry.name}
              </Link>{" "}
              ({ENTRY_STATUS_LABELS[entry.status].toLowerCase()}).
            </p>
          ) : null}
        </section>
      ) : null}

      {p.kind === "new-place" ? (
        <NewPlaceReview
          fields={fields}
          regions={regions}
          pending={p.status === "pending"}
          language={loaderData.language}
          languages={loaderData.languages}
          posted={posted}
          values={values}
          errors={errors}
          submitting={submitting}
        />
      ) : null}

      {correction ? (
        <CorrectionReview
          correction={correction}
          pending={p.status === "pending"}
          posted={posted}
          values={values}
          errors={errors}
          submitting={submitting}
        />
      ) : null}

      {p.status === "pending" ? (
        <Form method="post" className="mt-8 space-y-3 rounded-lg border border-stone-300 bg-white p-4">
          <h2 className="text-lg font-semibold text-stone-900">Decline</h2>
          <div>
            <label htmlFor="reject-reason" className="block text-sm font-semibold text-stone-800">
              Reason (optional)
            </label>
            <input id="reject-reason" name="reason" maxLength={500} className={controlClass} />
          </div>
          <div>
            <label htmlFor="reject-note" className="block text-sm font-semibold text-stone-800">
              Note (optional)
            </label>
            <textarea id="reject-note" name="note" rows={2} maxLength={2000} className={controlClass} />
          </div>
          <button type="submit" name="intent" value="reject" disabled={submitting} className={buttonClasses.danger}>
            Decline this contribution
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to moderation" />;
}
