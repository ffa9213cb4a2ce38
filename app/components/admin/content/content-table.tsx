import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";
import { type Column, DataTable } from "../data-table";
import { EmptyState } from "../empty-state";
import { Pagination } from "../pagination";
import { useListBusy } from "./use-navigation-state";

/** A content row's actions: edit, the public page when there is one, then `children` (its delete control). */
export function RowActions({
  name,
  editHref,
  viewHref,
  children,
}: {
  name: string;
  editHref: string;
  viewHref?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to={editHref} className={buttonClasses.link} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {viewHref ? (
        <a href={viewHref} className={buttonClasses.link} aria-label={`View ${name}`}>
          View
        </a>
      ) : null}
      {children}
    </div>
  );
}

/**
 * The column that names each row by its `field` (a row header for screen readers), linked to the row's own page (its
 * edit page, or the list with the row opened beside it: `isCurrent` then marks the row shown).
 */
export function nameColumn<T extends Record<K, string>, K extends string>(
  field: K,
  header: string,
  href: (row: T) => string,
  isCurrent?: (row: T) => boolean,
): Column<T> {
  return {
    key: field,
    header,
    rowHeader: true,
    cell: (row) => (
      <Link to={href(row)} className="text-leaf-800 underline" aria-current={isCurrent?.(row) ? "true" : undefined}>
        {row[field]}
      </Link>
    ),
  };
}

/**
 * The name column of a list whose rows open beside it (applicants, outbox): each name links to the list with its row
 * open (`?id=`), the row shown marked current.
 */
export function openRowColumn<T extends { id: string } & Record<K, string>, K extends string>(
  field: K,
  header: string,
  hrefWith: (changes: { id: string }) => string,
  openId: string | undefined,
): Column<T> {
  return nameColumn<T, K>(
    field,
    header,
    (row) => hrefWith({ id: row.id }),
    (row) => row.id === openId,
  );
}

/** The last column, holding each row's actions; its header is for screen readers only. */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return { key: "actions", header: <span className="sr-only">Actions</span>, cell };
}

/**
 * A content list: the table (marked busy while a new search, filter or page loads), what it says when there are no
 * rows, and the pagination under it when `pages` is given.
 */
export function ContentTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  empty,
  pages,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  empty: ComponentProps<typeof EmptyState>;
  pages?: ComponentProps<typeof Pagination>;
}) {
  const busy = useListBusy();
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        busy={busy}
        empty={<EmptyState {...empty} />}
      />
      {pages ? <Pagination {...pages} /> : null}
    </>
  );
}
