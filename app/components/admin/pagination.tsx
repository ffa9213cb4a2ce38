import { Link } from "react-router";
import { formatInteger } from "~/lib/numbers";

/** Builds the URL of another page of the current list, keeping its search and filters. */
export function pageHref(search: URLSearchParams | string, page: number, param = "page"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(param);
  else params.set(param, String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : "?";
}

/** Previous / next links with the position ("Page 2 of 40, 1,000 results"). Renders nothing for a single page. */
export function Pagination({
  page,
  pageSize,
  total,
  search,
  param = "page",
  label = "Pagination",
}: {
  page: number;
  pageSize: number;
  total: number;
  search: URLSearchParams | string;
  param?: string;
  label?: string;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const linkClass = "rounded-md border border-stone-400 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-stone-100";
  const disabledClass = "rounded-md border border-stone-200 px-3 py-1.5 text-sm text-stone-500";
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700">
        Page {Math.min(page, pageCount)} of {pageCount} ({formatInteger(total)} {total === 1 ? "result" : "results"})
      </p>
      {pageCount > 1 ? (
        <ul className="flex gap-2">
          <li>
            {page > 1 ? (
              <Link className={linkClass} to={pageHref(search, page - 1, param)} rel="prev">
                Previous page
              </Link>
            ) : (
              <span className={disabledClass} aria-disabled="true">
                Previous page
              </span>
            )}
          </li>
          <li>
            {page < pageCount ? (
              <Link className={linkClass} to={pageHref(search, page + 1, param)} rel="next">
                Next page
              </Link>
            ) : (
              <span className={disabledClass} aria-disabled="true">
                Next page
              </span>
            )}
          </li>
        </ul>
      ) : null}
    </nav>
  );
}
