/**
 * Where each kind of directory entry lives in the admin: its list, the screen that adds one, and the prefix of an
 * entry's own screen (`<edit>/<id>`). Places keep the addresses they had before the other kinds existed.
 */
export const ENTRY_ADMIN_PATHS = {
  location: { list: "/admin/dashboard/locations", add: "/admin/dashboard/add", edit: "/admin/dashboard/edit" },
  program: {
    list: "/admin/dashboard/programs",
    add: "/admin/dashboard/programs/add",
    edit: "/admin/dashboard/programs/edit",
  },
  "change-maker": {
    list: "/admin/dashboard/change-makers",
    add: "/admin/dashboard/change-makers/add",
    edit: "/admin/dashboard/change-makers/edit",
  },
  resource: {
    list: "/admin/dashboard/resources",
    add: "/admin/dashboard/resources/add",
    edit: "/admin/dashboard/resources/edit",
  },
} as const;

export type AdminEntryKind = keyof typeof ENTRY_ADMIN_PATHS;

/** The admin screen of a directory entry, by kind (the moderation queue, history and merges link to it). */
export function entryEditPath(kind: string, id: string): string {
  const paths = ENTRY_ADMIN_PATHS[kind as AdminEntryKind] ?? ENTRY_ADMIN_PATHS.location;
  return `${paths.edit}/${id}`;
}

/** The admin's Pages section (the site's own texts), and the edit screen of one text. */
export const PAGES_ADMIN_PATH = "/admin/dashboard/pages";
export function pageTextEditPath(key: string): string {
  return `${PAGES_ADMIN_PATH}/${key}`;
}
