import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZE } from "~/lib/constants";
import { ENTRY_STATUS_LABELS, type EntryStatus } from "~/lib/vocabulary";
import type { Column } from "../data-table";
import { PageHeader } from "../shell/page-header";
import { AddLink, adminMeta } from "./admin-page";
import { actionsColumn, ContentTable, nameColumn, RowActions } from "./content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "./delete-controls";
import { capitalised, entryKindWords, type FormKind } from "./entry-kinds";
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

/** A row of a list route's loader, for its columns: `Column<EntryListRow<typeof loader>>`. */
export type EntryListRow<Loader extends (...args: never[]) => Promise<{ rows: readonly unknown[] }>> = Awaited<
  ReturnType<Loader>
>["rows"][number];

type Said = { title: string; description: string };

/**
 * What each collection's list says: under its title, by each row's delete control and in the no-JavaScript
 * confirmation (`panel`, when it says less), when a search finds nothing, and under "No <plural> yet" when there is
 * nothing at all; `search` words the search form otherwise than "Search <plural>".
 */
const LIST_WORDS: Record<
  FormKind,
  { description: string; deletes: string; panel?: string; noMatch: Said; none: string; search?: SearchWords }
> = {
  location: {
    description: "Places on the map and in the directory.",
    deletes: "The location and its public page are removed for good. Programs hosted there lose their host.",
    panel: "The location and its public page are removed for good.",
    noMatch: { title: "No locations match these filters", description: "Try another search or region." },
    none: "Add the first place to the directory.",
    search: { label: "Filter locations", submitLabel: "Apply", clearLabel: "Clear filters" },
  },
  program: {
    description: "Courses, workshops and trainings.",
    deletes: "The program and its public page are removed for good.",
    noMatch: { title: "No programs match this search", description: "Try another search." },
    none: "Add the first course or workshop.",
  },
  "change-maker": {
    description: "People profiles shown on the Change-Makers page.",
    deletes: "The profile and its public page are removed for good.",
    noMatch: { title: "No change-makers match this search", description: "Try another name." },
    none: "Add the first profile.",
  },
  resource: {
    description: "Websites, YouTube channels, books, podcasts, articles and apps.",
    deletes: "The resource is removed from the public list for good.",
    noMatch: { title: "No resources match", description: "Try another search or type." },
    none: "Add the first book, website or channel.",
  },
};

type SearchWords = { label: string; submitLabel?: string; clearLabel?: string };

/** A collection list's page title (`<Plural> | Admin`), kept out of search engines. */
export function entryListMeta(kind: FormKind) {
  return adminMeta(entryKindWords(kind).title);
}

/**
 * The admin list screen of one collection (locations, programs, change-makers, resources): header with its add link,
 * the no-JavaScript delete confirmation, the search with its status filter (and the kind's own filters), the table
 * whose first column names each row (linked to its edit screen) and whose last holds its edit, view and delete
 * controls, what an empty list says, and the pages. Its title, addresses and words come from the kind; the route
 * gives its rows and its own columns and filters.
 */
export function EntryListPage<
  Row extends { id: string; status: EntryStatus; publicPath: string | null } & Record<Name, string>,
  Name extends "name" | "title" = "name",
>({
  kind,
  data,
  filters,
  sort,
  filtered = false,
  nameField = "name" as Name,
  columns,
  after = [],
}: {
  kind: FormKind;
  data: EntryListData<Row>;
  /** The kind's own filters, before the status filter; `sort`, after it. */
  filters?: ReactNode;
  sort?: ReactNode;
  /** Whether one of the kind's own filters is set (the search and the status are seen here). */
  filtered?: boolean;
  /** The field that names each row (a resource's title), shown in the first column. */
  nameField?: Name;
  /** The kind's columns between the name and the status, and (`after`) between the status and the actions. */
  columns: readonly Column<Row>[];
  after?: readonly Column<Row>[];
}) {
  const { q, status, page, total, rows, confirm } = data;
  const { plural, title, paths, editHref } = entryKindWords(kind);
  const words = LIST_WORDS[kind];
  const search: Partial<SearchWords> = words.search ?? {};
  const name = (row: Row) => row[nameField];
  const links = useDeleteLinks(paths.list);
  const addLink = <AddLink to={paths.add}>{`Add ${kind}`}</AddLink>;
  const isFiltered = q !== "" || status !== "" || filtered;
  const said = isFiltered ? words.noMatch : { title: `No ${plural} yet`, description: words.none };
  const withActions: Column<Row>[] = [
    nameColumn(nameField, capitalised(nameField), (r) => editHref(r.id)),
    ...columns,
    { key: "status", header: "Status", cell: (r) => ENTRY_STATUS_LABELS[r.status] },
    ...after,
    actionsColumn((r) => (
      <RowActions name={name(r)} editHref={editHref(r.id)} viewHref={r.publicPath ?? undefined}>
        <DeleteButton id={r.id} name={name(r)} description={words.deletes} links={links} />
      </RowActions>
    )),
  ];
  return (
    <div>
      <PageHeader title={title} description={words.description} actions={addLink} />
      {confirm ? (
        <DeletePanel id={confirm.id} name={confirm.name} description={words.panel ?? words.deletes} links={links} />
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
