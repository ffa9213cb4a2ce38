import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, AuthField, authButtonClass } from "~/components/admin/auth-card";
import { adminMeta } from "~/components/admin/content/admin-page";
import { LINK_PAGE_HEADERS } from "~/lib/link-pages";
import { fieldErrors } from "~/lib/schemas";
import { formDataToObject } from "~/lib/schemas/form";
import { NewPasswordSchema } from "~/lib/schemas/staff-links";
import { PUBLIC_FORM_LIMITS, readForm } from "~/server-lib/form.server";
import { auditStaffAction } from "~/services/staff/audit.server";
import { checkStaffLink, completeStaffLink } from "~/services/staff/staff-links.server";
import type { Route } from "./+types/reset-password";

const HEADERS = LINK_PAGE_HEADERS;

export const meta = () => adminMeta("Choose a password");

export function headers() {
  return HEADERS;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await checkStaffLink(context.services, token);
  if (!link.valid) return data({ state: "invalid" as const }, { status: 410, headers: HEADERS });
  return data(
    { state: "ready" as const, token, invite: link.purpose === "staff-invite", name: link.name, email: link.email },
    { headers: HEADERS },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formDataToObject(await readForm(request, undefined, PUBLIC_FORM_LIMITS));
  const parsed = NewPasswordSchema.safeParse(values);
  if (!parsed.success) {
    return data({ fields: fieldErrors(parsed.error), formError: undefined }, { status: 400, headers: HEADERS });
  }
  const done = await completeStaffLink(context.services, parsed.data.token, parsed.data.password);
  if (!done.ok) {
    return data(
      { fields: {}, formError: "This link no longer works: it was used, replaced by a newer one, or it expired." },
      { status: 410, headers: HEADERS },
    );
  }
  await auditStaffAction(context.services, {
    user: { id: done.userId, email: done.email },
    action: "update",
    entity: "user",
    entityId: done.userId,
    summary:
      done.purpose === "staff-invite"
        ? `${done.email} accepted the invitation and chose a password`
        : `${done.email} reset their password (every session ended)`,
  });
  throw redirect(`/admin/login?password=${done.purpose === "staff-invite" ? "set" : "changed"}`, {
    headers: HEADERS,
  });
}

/** The way on from a link that no longer works: the form that e-mails a new one. */
function AskForNewLink({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <p className={className}>
      <a href="/admin/forgot-password" className={linkClassName}>
        Ask for a new link
      </a>
    </p>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  if (loaderData.state === "invalid") {
    return (
      <AuthCard title="This link does not work">
        <p className="mt-3 text-stone-800">
          It may have been used already, replaced by a newer one, or it expired (a password link works for an hour, an
          invitation for a week).
        </p>
        <AskForNewLink className="mt-4" linkClassName="font-semibold text-leaf-800 underline" />
      </AuthCard>
    );
  }
  const fields: Record<string, string> = actionData?.fields ?? {};
  return (
    <AuthCard
      title={loaderData.invite ? "Welcome! Choose your password" : "Choose a new password"}
      lead={`For ${loaderData.name} (${loaderData.email}).`}
    >
      {actionData?.formError ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">{actionData.formError}</p>
          <AskForNewLink className="mt-1" linkClassName="underline" />
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <AuthField
          id="new-password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          error={fields.password}
        />
        <AuthField
          id="confirm-password"
          name="confirm"
          label="The same password again"
          type="password"
          autoComplete="new-password"
          error={fields.confirm}
        />
        <button type="submit" disabled={submitting} className={authButtonClass}>
          {submitting ? "Saving…" : loaderData.invite ? "Set my password" : "Change my password"}
        </button>
      </Form>
    </AuthCard>
  );
}
