import { type AdminEntryKind, ENTRY_ADMIN_PATHS } from "~/lib/admin-paths";

/** The kinds of entry staff add and edit on a form of their own, with its list. */
export type FormKind = AdminEntryKind;

const PLURALS: Record<FormKind, string> = {
  location: "locations",
  program: "programs",
  "change-maker": "change-makers",
  resource: "resources",
};

export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * How the admin screens of a kind name it and link to it: its plural ("change-makers", also the prefix of its list's
 * control ids), its list's title ("Change-makers"), and its list, add and edit addresses (lib/admin-paths.ts).
 */
export function entryKindWords(kind: FormKind) {
  const plural = PLURALS[kind];
  const paths = ENTRY_ADMIN_PATHS[kind];
  return { plural, title: capitalised(plural), paths, editHref: (id: string) => `${paths.edit}/${id}` };
}
