import { createHmac } from "node:crypto";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, AuthField, authButtonClass } from "~/components/admin/auth-card";
import { adminMeta } from "~/components/admin/content/admin-page";
import { SignOutButton } from "~/components/admin/shell/sign-out-button";
import { type FieldErrors, fieldErrors, type TypedValues } from "~/lib/schemas";
import { LOGIN_FAILED_MESSAGE, LoginSchema } from "~/lib/schemas/admin-login";
import { PUBLIC_FORM_LIMITS, readForm } from "~/server-lib/form.server";
import { getDummyHash, verifyPassword } from "~/server-lib/password.server";
import { getUserByEmail } from "~/services/staff/accounts.server";
import { getSessionUser, safeReturnPath } from "~/services/staff/guard.server";
import {
  checkLoginAllowed,
  normalizeEmail,
  recordLoginFailure,
  recordLoginSuccess,
  tooManyAttemptsMessage,
} from "~/services/staff/login-limiter.server";
import type { Route } from "./+types/login";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta = () => adminMeta("Sign in");

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"));
  // Prepare the stand-in hash now, so the first attempt for an unknown account is not slower than the rest.
  void getDummyHash();
  const user = await getSessionUser(context.services, request);
  if (user?.role === "ADMIN") throw redirect(redirectTo, { headers: NO_STORE });
  const password = url.searchParams.get("password");
  const notice =
    password === "changed"
      ? "Your password has been changed and every other session signed out. Sign in with the new password."
      : password === "set"
        ? "Your password is set. Sign in to start."
        : null;
  return data({ redirectTo, signedInAs: user?.email ?? null, notice }, { headers: NO_STORE });
}

type ActionResult = {
  fields: FieldErrors<typeof LoginSchema>;
  formError?: string;
  values: TypedValues<typeof LoginSchema, "email">;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db, logger, config } = context.services;
  const form = await readForm(request, undefined, PUBLIC_FORM_LIMITS);
  const raw = {
    email: typeof form.get("email") === "string" ? String(form.get("email")) : "",
    password: typeof form.get("password") === "string" ? String(form.get("password")) : "",
    redirectTo: typeof form.get("redirectTo") === "string" ? String(form.get("redirectTo")) : undefined,
  };
  const parsed = LoginSchema.safeParse(raw);
  if (!parsed.success) {
    const result: ActionResult = { fields: fieldErrors(parsed.error), values: { email: raw.email.slice(0, 254) } };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const { password } = parsed.data;
  const email = normalizeEmail(parsed.data.email);
  const redirectTo = safeReturnPath(parsed.data.redirectTo);
  const ip = context.clientIp;
  // Logs carry a keyed hash of the address, never the password: enough to follow one account's attempts.
  const emailHash = createHmac("sha256", config.hashSecret).update(email).digest("hex").slice(0, 16);
  // Failures are warnings so that LOG_LEVEL=warn still shows guessing.
  const logAttempt = (outcome: "success" | "failure" | "rate_limited", extra: Record<string, unknown> = {}) =>
    logger[outcome === "success" ? "info" : "warn"](
      { event: "admin_sign_in", outcome, emailHash, ip, ...extra },
      "sign-in attempt",
    );

  const gate = await checkLoginAllowed(context.services, { email, ip }, config.loginLimits);
  if (!gate.allowed) {
    logAttempt("rate_limited", { retryAfterMs: gate.retryAfterMs });
    const result: ActionResult = {
      fields: {},
      formError: tooManyAttemptsMessage(gate.retryAfterMs),
      values: { email },
    };
    return data(result, {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(Math.ceil(gate.retryAfterMs / 1000)) },
    });
  }

  const failed = async (reason: string) => {
    const { lockedForMs } = await recordLoginFailure(context.services, { email, ip }, config.loginLimits);
    logAttempt("failure", { reason, lockedForMs: lockedForMs || undefined });
    const result: ActionResult = { fields: {}, formError: LOGIN_FAILED_MESSAGE, values: { email } };
    return data(result, { status: 401, headers: NO_STORE });
  };

  const user = await getUserByEmail(db, email);
  if (!user || user.banned) {
    // Same work as a real check, so the answer's timing does not tell whether the account exists.
    await verifyPassword(password, await getDummyHash());
    return failed(user ? "disabled" : "unknown-account");
  }

  let res: Response;
  try {
    res = await auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  } catch (err) {
    logger.error({ err, event: "admin_sign_in", emailHash, ip }, "sign-in failed unexpectedly");
    const result: ActionResult = {
      fields: {},
      formError: "Signing in is not possible right now. Please try again in a moment.",
      values: { email },
    };
    return data(result, { status: 503, headers: NO_STORE });
  }
  if (!res.ok) {
    if (res.status === 401) return failed("wrong-password");
    logger.error({ status: res.status, event: "admin_sign_in", emailHash, ip }, "sign-in refused by auth");
    const result: ActionResult = {
      fields: {},
      formError: "Signing in is not possible right now. Please try again in a moment.",
      values: { email },
    };
    return data(result, { status: 503, headers: NO_STORE });
  }

  await recordLoginSuccess(context.services, { email });
  logAttempt("success", { userId: user.id });
  const headers = new Headers(NO_STORE);
  for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // A DEFAULT user lands on the dashboard too and sees the "Access denied" page there, with a way to sign out.
  return redirect(redirectTo, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const formError = actionData?.formError;

  return (
    <AuthCard
      title="Sign in"
      lead="Sign in to manage the site's content."
      back={{ href: "/", label: "Back to the public site" }}
    >
      {loaderData.signedInAs ? (
        <div className="mt-4 rounded-md border border-soil-100 bg-soil-50 p-3 text-sm text-stone-800">
          <p>
            You are signed in as <span className="font-medium">{loaderData.signedInAs}</span>, which has no access to
            the admin area. Sign in with an administrator account, or sign out.
          </p>
          <SignOutButton className="mt-2" />
        </div>
      ) : null}

      {loaderData.notice && !formError ? (
        <p role="status" className="mt-4 rounded-md border border-leaf-200 bg-leaf-50 p-3 text-sm text-stone-900">
          {loaderData.notice}
        </p>
      ) : null}

      {formError ? (
        <p
          id="login-error"
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          {formError}
        </p>
      ) : null}

      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <AuthField
          id="login-email"
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          defaultValue={actionData?.values.email ?? ""}
          error={actionData?.fields.email}
          formErrorId={formError ? "login-error" : undefined}
        />
        <AuthField
          id="login-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={actionData?.fields.password}
          formErrorId={formError ? "login-error" : undefined}
        />
        <button type="submit" disabled={submitting} className={authButtonClass}>
          {submitting ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <a href="/admin/forgot-password" className="text-leaf-800 underline">
          Forgot your password?
        </a>
      </p>
    </AuthCard>
  );
}
