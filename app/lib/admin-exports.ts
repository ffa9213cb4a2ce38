/** CSV downloads of admin lists, served by the resource route /admin/dashboard/export/<dataset>. */
export const EXPORT_DATASETS = ["applicants", "newsletter", "podcast-subscribers", "analytics"] as const;
export type ExportDataset = (typeof EXPORT_DATASETS)[number];

/** `/admin/dashboard/export/<dataset>?…`: the href of a CSV download, with the list's current filters. */
export function exportHref(dataset: ExportDataset, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const qs = q.toString();
  return `/admin/dashboard/export/${dataset}${qs ? `?${qs}` : ""}`;
}
