import type { AppLoadContext } from "react-router";
import { readEntryListQuery } from "~/components/admin/content/list-query";
import { deleteEntry, type EntrySearch, listEntries } from "~/services/entries/entry-lists.server";
import type { EntryKind } from "~/services/entries/registry.server";
import { requireAdmin } from "~/services/staff/guard.server";

/**
 * The loader and the delete action of a collection's admin list (locations, programs, change-makers, resources), for
 * the list routes to export: the staff guard first, then what services/entries/entry-lists.server.ts does for every
 * kind. A list with filters of its own (locations, resources) writes its loader itself.
 */

type Args = { request: Request; context: AppLoadContext };

/** The loader of a list that only searches: the page of entries its address asks for, found by `search`. */
export function entryListLoader<Row extends { updatedAt: Date }>(kind: EntryKind, search: EntrySearch<Row>) {
  return async ({ request, context }: Args) => {
    await requireAdmin(context.services, request);
    return listEntries(context.services, kind, readEntryListQuery(new URL(request.url)), search);
  };
}

/** The action of every collection list: delete the posted entry, then back to the list with what happened. */
export function entryDeleteAction(kind: EntryKind) {
  return async ({ request, context }: Args) => {
    const user = await requireAdmin(context.services, request);
    return deleteEntry(context.services, user, request, kind);
  };
}
