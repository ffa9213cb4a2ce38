/** The admin screen of a directory entry, by kind (the moderation queue, history and merges link to it). */
export function entryEditPath(kind: string, id: string): string {
  if (kind === "program") return `/admin/dashboard/programs/edit/${id}`;
  if (kind === "change-maker") return `/admin/dashboard/change-makers/edit/${id}`;
  if (kind === "resource") return `/admin/dashboard/resources/edit/${id}`;
  return `/admin/dashboard/edit/${id}`;
}

/** The admin's Pages section (the site's own texts), and the edit screen of one text. */
export const PAGES_ADMIN_PATH = "/admin/dashboard/pages";
export function pageTextEditPath(key: string): string {
  return `${PAGES_ADMIN_PATH}/${key}`;
}
