import type { ReactNode } from "react";

export type Column<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Marks the cell that names the row (rendered as a row header for screen readers). */
  rowHeader?: boolean;
  className?: string;
};

/**
 * A plain semantic table for admin lists. While the list reloads (`busy`), the table is marked aria-busy and a
 * visible "Loading..." indicator is announced; with no rows it shows `empty` instead. Dates never break across lines
 * (the table scrolls in its own box when it is wider than the screen).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  getRowKey,
  busy = false,
  empty,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => string;
  busy?: boolean;
  empty?: ReactNode;
}) {
  return (
    <div className="relative">
      <LoadingIndicator busy={busy} />
      {rows.length === 0 && empty ? (
        <div aria-busy={busy || undefined}>{empty}</div>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-stone-300 bg-white">
          {/* relative: this box is the containing block of the cells' screen-reader-only text, which would otherwise
              stick out of it and widen the page on a phone. */}
          <table
            aria-busy={busy || undefined}
            className={`min-w-full divide-y divide-stone-200 text-left text-sm [&_time]:whitespace-nowrap ${busy ? "opacity-60" : ""}`}
          >
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-stone-100">
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={`px-3 py-2 font-semibold text-stone-800 ${c.className ?? ""}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((row) => (
                <tr key={getRowKey(row)} className="align-top hover:bg-stone-50">
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <th
                        key={c.key}
                        scope="row"
                        className={`px-3 py-2 font-medium text-stone-900 ${c.className ?? ""}`}
                      >
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.key} className={`px-3 py-2 text-stone-800 ${c.className ?? ""}`}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A polite live region that reads "Loading..." while a list is being refreshed. */
export function LoadingIndicator({ busy }: { busy: boolean }) {
  return (
    <p role="status" aria-live="polite" className={busy ? "mb-2 text-sm font-semibold text-leaf-800" : "sr-only"}>
      {busy ? (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-leaf-700 border-t-transparent"
          />
          Loading...
        </span>
      ) : null}
    </p>
  );
}
