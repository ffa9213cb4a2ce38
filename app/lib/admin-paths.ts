/** The admin screen of a directory entry, by kind (the moderation queue, history and merges link to it). */
export function entryEditPath(kind: string, id: string): string {
  if (kind === "program") return `/admin/dashboard/programs/edit/${id}`;
  if (kind === "change-maker") return `/admin/dashboard/change-makers/edit/${id}`;
  if (kind === "resource") return `/admin/dashboard/resources/edit/${id}`;
  return `/admin/dashboard/edit/${id}`;
}
