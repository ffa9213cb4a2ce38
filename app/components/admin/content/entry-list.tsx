import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import type { Column } from "../data-table";
import { AddLink, adminMeta, PageHeader } from "./admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "./content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "./delete-controls";
import { entryKindWords, type FormKind } from "./entry-kinds";
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

/** A collection list's page title (`<Plural> | Admin`), kept out of search engines. */
export function entryListMeta(kind: FormKind) {
  return adminMeta(entryKindWords(kind).title);
}

/**
 * The admin list screen of one collection (locations, programs, change-makers, resources): header with its add link,
 * the no-JavaScript delete confirmation, the search with its status filter (and the kind's own filters), the table
 * whose first column names each row (linked to its edit screen) and whose last holds its edit, view and delete
 * controls, what an empty list says, and the pages. Its title, addresses and the words that name the kind come from
 * the kind.
 */
export function EntryListPage<Row extends { id: string }>({
  kind,
  data,
  description,
  search = {},
  filters,
  sort,
  filtered = false,
  name,
  nameHeader = "Name",
  columns,
  viewHref,
  deleteDescription,
  panelDescription = deleteDescription,
  empty,
}: {
  kind: FormKind;
  data: EntryListData<Row>;
  description: string;
  /** The search form's accessible name ("Search <plural>" unless given) and its buttons' words. */
  search?: { label?: string; submitLabel?: string; clearLabel?: string };
  /** The kind's own filters, before the status filter; `sort`, after it. */
  filters?: ReactNode;
  sort?: ReactNode;
  /** Whether one of the kind's own filters is set (the search and the status are seen here). */
  filtered?: boolean;
  /** Each row's name (a resource's title), shown in the first column under `nameHeader`. */
  name: (row: Row) => string;
  nameHeader?: string;
  /** The columns between the name and the actions. */
  columns: Column<Row>[];
  /** A row's public page, when the kind has pages. */
  viewHref?: (row: Row) => string;
  /** What deleting removes: said by each row's delete button, and by the confirmation panel unless it has its own. */
  deleteDescription: string;
  panelDescription?: string;
  /** What an empty list says: after a search or filter, and (under "No <plural> yet") when there is nothing yet. */
  empty: { filtered: Said; none: string };
}) {
  const { q, status, page, total, rows, confirm } = data;
  const { plural, title, paths, editHref } = entryKindWords(kind);
  const links = useDeleteLinks(paths.list);
  const addLink = <AddLink to={paths.add}>{`Add ${kind}`}</AddLink>;
  const isFiltered = q !== "" || status !== "" || filtered;
  const said = isFiltered ? empty.filtered : { title: `No ${plural} yet`, description: empty.none };
  const withActions: Column<Row>[] = [
    nameColumn(nameHeader.toLowerCase(), nameHeader, name, (r) => editHref(r.id)),
    ...columns,
    actionsColumn((r) => (
      <RowActions name={name(r)} editHref={editHref(r.id)} viewHref={viewHref?.(r)}>
        <DeleteButton id={r.id} name={name(r)} description={deleteDescription} links={links} />
      </RowActions>
    )),
  ];
  return (
    <div>
      <PageHeader title={title} description={description} action={addLink} />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.name} description={panelDescription} links={links} />
      ) : null}
      <SearchForm
        id={`${plural}-q`}
        label={search.label ?? `Search ${plural}`}
        q={q}
        submitLabel={search.submitLabel}
        clearHref={isFiltered ? paths.list : undefined}
        clearLabel={search.clearLabel}
      >
        {filters}
        <FilterSelect
          id={`${plural}-status`}
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
          action: isFiltered ? <ClearLink to={paths.list}>{search.clearLabel}</ClearLink> : addLink,
        }}
        pages={{ page, pageSize: ADMIN_PAGE_SIZE, total, search: links.params }}
      />
    </div>
  );
}
