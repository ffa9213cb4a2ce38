import { Trans, useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";

/** Page numbers to show: first, last, and two either side of the current one, with gaps as null. */
export function pageWindow(current: number, total: number): (number | null)[] {
  const pages = new Set<number>([1, total]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === "number" && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** Numbered pagination with previous/next links (rel prev/next), as links so it works without JavaScript. */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const hidden = <span className="sr-only" />;
  const previous = <Trans i18nKey="pagination.previous" components={{ hidden }} />;
  const next = <Trans i18nKey="pagination.next" components={{ hidden }} />;
  const base = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm font-medium";
  return (
    <nav aria-label={label ?? t("pagination.label")} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <AppLink to={hrefFor(page - 1)} rel="prev" className={`${base} border-leaf-200 bg-white hover:bg-leaf-50`}>
              {previous}
            </AppLink>
          ) : (
            <span className={`${base} border-stone-200 text-stone-500`} aria-disabled="true">
              {previous}
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: p })}
                className={
                  p === page
                    ? `${base} border-leaf-700 bg-leaf-700 text-white`
                    : `${base} border-leaf-200 bg-white text-leaf-800 hover:bg-leaf-50`
                }
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <AppLink to={hrefFor(page + 1)} rel="next" className={`${base} border-leaf-200 bg-white hover:bg-leaf-50`}>
              {next}
            </AppLink>
          ) : (
            <span className={`${base} border-stone-200 text-stone-500`} aria-disabled="true">
              {next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
