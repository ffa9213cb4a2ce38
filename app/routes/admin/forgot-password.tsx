import { data, Form, useNavigation } from "react-router";
import { AuthCard, AuthField, authButtonClass } from "~/components/admin/auth-card";
import { adminMeta } from "~/components/admin/content/admin-page";
import { fieldErrors } from "~/lib/schemas";
import { ForgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/schemas/staff-links";
import { PUBLIC_FORM_LIMITS, readForm } from "~/server-lib/form.server";
import { requestPasswordReset } from "~/services/staff/staff-links.server";
import type { Route } from "./+types/forgot-password";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta = () => adminMeta("Forgot your password?");

export function headers() {
  return NO_STORE;
}

export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data({ sent }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, undefined, PUBLIC_FORM_LIMITS);
  const raw = { email: typeof form.get("email") === "string" ? String(form.get("email")) : "" };
  const parsed = ForgotPasswordSchema.safeParse(raw);
  if (!parsed.success) {
    return data(
      { fields: fieldErrors(parsed.error), formError: undefined, email: raw.email.slice(0, 254) },
      { status: 400, headers: NO_STORE },
    );
  }
  const result = await requestPasswordReset(context.services, parsed.data.email, context.clientIp);
  if (result.outcome === "limited") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterMs / 60_000));
    return data(
      {
        fields: {},
        formError: `Too many requests from your connection. Please try again in about ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        email: parsed.data.email,
      },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } },
    );
  }
  // The same answer for every address, so the form does not reveal who has an account.
  return data({ fields: {}, formError: undefined, email: "", sent: true }, { headers: NO_STORE });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const sent = loaderData.sent || (actionData && "sent" in actionData && actionData.sent);
  const fields: Record<string, string> = actionData?.fields ?? {};
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Type the e-mail address of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <p role="status" className="mt-4 rounded-md border border-leaf-200 bg-leaf-50 p-3 text-sm text-stone-900">
          {RESET_REQUESTED_MESSAGE}
        </p>
      ) : null}
      {actionData?.formError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {actionData.formError}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <AuthField
          id="forgot-email"
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          error={fields.email}
          defaultValue={actionData?.email ?? ""}
        />
        <button type="submit" disabled={submitting} className={authButtonClass}>
          {submitting ? "Sending…" : "Send me a link"}
        </button>
      </Form>
    </AuthCard>
  );
}
