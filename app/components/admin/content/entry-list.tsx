import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import type { Column } from "../data-table";
import { AddLink, PageHeader } from "./admin-page";
import { actionsColumn, ContentTable, RowActions } from "./content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "./delete-controls";
import { STATUS_FILTER_OPTIONS } from "./list-query";
import { ClearLink, FilterSelect, SearchForm } from "./search-form";

/** What a collection's list loader gives its page (`listEntries` in services/entries/entry-lists.server.ts). */
export type EntryListData<Row> = {
  q: string;
  status: string;
  page: number;
  total: number;
  rows: Row[];
  confirm: { id: string; name: string } | null;
};

type Said = { title: string; description: string };

/**
 * The admin list screen of one collection (locations, programs, change-makers, resources): header with its add link,
 * the no-JavaScript delete confirmation, the search with its status filter (and the kind's own filters), the table
 * with each row's edit, view and delete controls, what an empty list says, and the pages.
 */
export function EntryListPage<Row extends { id: string }>({
  data,
  listHref,
  title,
  description,
  add,
  search,
  filters,
  sort,
  filtered = false,
  columns,
  actions,
  deleteDescription,
  panelDescription = deleteDescription,
  empty,
}: {
  data: EntryListData<Row>;
  listHref: string;
  /** The page's heading and the table's caption. */
  title: string;
  description: string;
  add: { href: string; label: string };
  /** `id` prefixes the search box's and the status filter's ids; the labels default to the search form's. */
  search: { id: string; label: string; submitLabel?: string; clearLabel?: string };
  /** The kind's own filters, before the status filter; `sort`, after it. */
  filters?: ReactNode;
  sort?: ReactNode;
  /** Whether one of the kind's own filters is set (the search and the status are seen here). */
  filtered?: boolean;
  /** The columns before the actions column. */
  columns: Column<Row>[];
  /** Each row's name, edit page and public page (when there is one), for its actions. */
  actions: (row: Row) => { name: string; editHref: string; viewHref?: string };
  /** What deleting removes: said by each row's delete button, and by the confirmation panel unless it has its own. */
  deleteDescription: string;
  panelDescription?: string;
  empty: { filtered: Said; none: Said };
}) {
  const { q, status, page, total, rows, confirm } = data;
  const links = useDeleteLinks(listHref);
  const addLink = <AddLink to={add.href}>{add.label}</AddLink>;
  const isFiltered = q !== "" || status !== "" || filtered;
  const said = isFiltered ? empty.filtered : empty.none;
  const withActions: Column<Row>[] = [
    ...columns,
    actionsColumn((r) => {
      const { name, editHref, viewHref } = actions(r);
      return (
        <RowActions name={name} editHref={editHref} viewHref={viewHref}>
          <DeleteButton id={r.id} name={name} description={deleteDescription} links={links} />
        </RowActions>
      );
    }),
  ];
  return (
    <div>
      <PageHeader title={title} description={description} action={addLink} />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.name} description={panelDescription} links={links} />
      ) : null}
      <SearchForm
        id={`${search.id}-q`}
        label={search.label}
        q={q}
        submitLabel={search.submitLabel}
        clearHref={isFiltered ? listHref : undefined}
        clearLabel={search.clearLabel}
      >
        {filters}
        <FilterSelect
          id={`${search.id}-status`}
          name="status"
          label="Status"
          value={status}
          options={STATUS_FILTER_OPTIONS}
          allLabel="Any status"
        />
        {sort}
      </SearchForm>
      <ContentTable
        caption={title}
        columns={withActions}
        rows={rows}
        empty={{
          ...said,
          action: isFiltered ? <ClearLink to={listHref}>{search.clearLabel}</ClearLink> : addLink,
        }}
        pages={{ page, pageSize: ADMIN_PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}
