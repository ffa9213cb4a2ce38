import { isRouteErrorResponse, Link } from "react-router";
import { ShieldAlert } from "~/components/icons";
import { refusedRequestTitle } from "~/lib/error-titles";
import { SignOutButton } from "./sign-out-button";

function isAccessDenied(data: unknown): data is { message: string; email: string } {
  return (
    typeof data === "object" &&
    data !== null &&
    typeof (data as { message?: unknown }).message === "string" &&
    typeof (data as { email?: unknown }).email === "string"
  );
}

/** A standalone admin-styled page (no shell): used for "Access denied" and errors outside the shell. */
export function AdminErrorPage({ error, embedded = false }: { error: unknown; embedded?: boolean }) {
  let title = "Something went wrong";
  let message = "An unexpected error occurred. Please try again in a moment.";
  let email: string | null = null;
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) {
      title = "Access denied";
      message = isAccessDenied(error.data) ? error.data.message : "You do not have permission to view this page.";
      email = isAccessDenied(error.data) ? error.data.email : null;
    } else if (error.status === 404) {
      title = "Page not found";
      message = "There is no admin page at this address.";
    } else if (error.status < 500) {
      title = refusedRequestTitle(error.status);
      message = typeof error.data === "string" ? error.data : message;
    }
  }
  const card = (
    <div className="w-full max-w-md rounded-lg border border-stone-200 bg-white p-8 shadow-sm">
      <ShieldAlert aria-hidden="true" className="mb-4 size-10 text-soil-700" />
      <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
      <p className="mt-3 text-stone-700">{message}</p>
      {email ? (
        <p className="mt-3 text-sm text-stone-700">
          You are signed in as <span className="font-medium text-stone-900">{email}</span>. Sign out to use an
          administrator account.
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-4">
        {email ? <SignOutButton /> : null}
        {embedded ? (
          <Link to="/admin/dashboard" className="font-semibold text-leaf-700 underline">
            Back to the dashboard
          </Link>
        ) : (
          <Link to="/" className="font-semibold text-leaf-700 underline">
            Go to the public site
          </Link>
        )}
      </div>
    </div>
  );
  // Inside the shell, which already provides the main landmark.
  if (embedded) {
    return (
      <>
        <title>{`${title} | Admin`}</title>
        {card}
      </>
    );
  }
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-16">
      <title>{`${title} | Admin`}</title>
      {card}
    </main>
  );
}
