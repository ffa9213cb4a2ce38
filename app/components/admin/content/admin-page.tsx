import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";

/** The primary "Add ..." link of a list, in its header and in its empty state. */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses.primary}>
      {children}
    </Link>
  );
}

/** An admin screen's title (`<title> | Admin`), kept out of search engines. */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

/**
 * The error state of an admin screen: says what happened and offers a retry of the same address, and a way back (to
 * the dashboard unless the screen names its list).
 */
export function AdminErrorBoundary({
  error,
  listHref = "/admin/dashboard",
  listLabel = "Back to the dashboard",
}: {
  error: unknown;
  listHref?: string;
  listLabel?: string;
}) {
  const location = useLocation();
  let title = "Something went wrong";
  let message = "This page could not be loaded. Please try again in a moment.";
  let canRetry = true;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = "Not found";
      message = typeof error.data === "string" ? error.data : "This item does not exist or was deleted.";
      canRetry = false;
    } else if (error.status === 403) {
      title = "Access denied";
      message = typeof error.data === "string" ? error.data : "You do not have permission to view this page.";
      canRetry = false;
    } else if (typeof error.data === "string") {
      message = error.data;
    }
  }
  return (
    <div role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-6">
      <title>{`${title} | Admin`}</title>
      <h1 className="text-2xl font-bold text-red-900">{title}</h1>
      <p className="mt-2 text-stone-800">{message}</p>
      <p className="mt-4 flex gap-4">
        {canRetry ? (
          <a className="font-semibold text-leaf-800 underline" href={location.pathname + location.search}>
            Try again
          </a>
        ) : null}
        <Link className="font-semibold text-leaf-800 underline" to={listHref}>
          {listLabel}
        </Link>
      </p>
    </div>
  );
}
