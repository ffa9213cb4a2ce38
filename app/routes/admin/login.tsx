import { createHmac } from "node:crypto";
import { data, Form, redirect, useNavigation } from "react-router";
import { SignOutButton } from "../../components/admin/shell/sign-out-button";
import { Leaf } from "../../components/icons";
import { getDummyHash, verifyPassword } from "../../lib/password.server";
import { fieldErrors } from "../../lib/schemas";
import { LOGIN_FAILED_MESSAGE, LoginSchema } from "../../lib/schemas/admin-login";
import { readForm } from "../../lib/schemas/form";
import { getUserByEmail } from "../../queries/users.server";
import { getSessionUser, safeReturnPath } from "../../services/guard.server";
import {
  checkLoginAllowed,
  normalizeEmail,
  recordLoginFailure,
  recordLoginSuccess,
  tooManyAttemptsMessage,
} from "../../services/login-limiter.server";
import type { Route } from "./+types/login";

const NO_STORE = { "Cache-Control": "no-store" };

export function meta() {
  return [{ title: "Sign in | Admin" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"));
  // Prepare the stand-in hash now, so the first attempt for an unknown account is not slower than the rest.
  void getDummyHash();
  const user = await getSessionUser(request, context);
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
  fields: { email?: string; password?: string };
  formError?: string;
  values: { email: string };
};

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, db, logger, config } = context.services;
  const form = await readForm(request);
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

  const gate = await checkLoginAllowed(db, { email, ip }, config.loginLimits);
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
    const { lockedForMs } = await recordLoginFailure(db, { email, ip }, config.loginLimits);
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

  await recordLoginSuccess(db, { email });
  logAttempt("success", { userId: user.id });
  const headers = new Headers(NO_STORE);
  for (const cookie of res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  // A DEFAULT user lands on the dashboard too and sees the "Access denied" page there, with a way to sign out.
  return redirect(redirectTo, { headers });
}

const inputClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-leaf-600 aria-[invalid=true]:border-red-700";

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const emailError = actionData?.fields.email;
  const passwordError = actionData?.fields.password;
  const formError = actionData?.formError;
  const describe = (fieldErrorId: string | undefined) =>
    [fieldErrorId, formError ? "login-error" : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-6 flex items-center justify-center gap-2 font-bold text-leaf-800">
          <Leaf aria-hidden="true" className="size-6" />
          Permaculture Network
        </p>
        <div className="rounded-lg border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold text-stone-900">Sign in</h1>
          <p className="mt-1 text-sm text-stone-700">Sign in to manage the site's content.</p>

          {loaderData.signedInAs ? (
            <div className="mt-4 rounded-md border border-soil-100 bg-soil-50 p-3 text-sm text-stone-800">
              <p>
                You are signed in as <span className="font-medium">{loaderData.signedInAs}</span>, which has no access
                to the admin area. Sign in with an administrator account, or sign out.
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
            <div>
              <label htmlFor="login-email" className="block text-sm font-medium text-stone-900">
                E-mail
              </label>
              <input
                id="login-email"
                name="email"
                type="email"
                autoComplete="username"
                required
                defaultValue={actionData?.values.email ?? ""}
                aria-invalid={emailError || formError ? true : undefined}
                aria-describedby={describe(emailError ? "login-email-error" : undefined)}
                className={inputClass}
              />
              {emailError ? (
                <p id="login-email-error" className="mt-1 text-sm text-red-800">
                  {emailError}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="login-password" className="block text-sm font-medium text-stone-900">
                Password
              </label>
              <input
                id="login-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={passwordError || formError ? true : undefined}
                aria-describedby={describe(passwordError ? "login-password-error" : undefined)}
                className={inputClass}
              />
              {passwordError ? (
                <p id="login-password-error" className="mt-1 text-sm text-red-800">
                  {passwordError}
                </p>
              ) : null}
            </div>
            <button
              type="submit"
              disabled={submitting}
              className="w-full rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 disabled:opacity-70"
            >
              {submitting ? "Signing in…" : "Sign in"}
            </button>
          </Form>
          <p className="mt-4 text-center text-sm">
            <a href="/admin/forgot-password" className="text-leaf-800 underline">
              Forgot your password?
            </a>
          </p>
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="text-leaf-800 underline">
            Back to the public site
          </a>
        </p>
      </div>
    </main>
  );
}
