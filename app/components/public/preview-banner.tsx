import { ENTRY_STATUS_LABELS, type EntryStatus } from "~/lib/vocabulary";
import { AppLink } from "../app-link";

/** Above an unpublished entry's page, for staff: what visitors see instead, and the way back to editing it. */
export function PreviewBanner({ status, editPath }: { status: EntryStatus | null; editPath: string }) {
  if (!status || status === "published") return null;
  return (
    <div role="note" className="mb-6 rounded-lg border-2 border-amber-600 bg-amber-50 p-4 text-stone-900">
      <p className="font-semibold">Preview: {ENTRY_STATUS_LABELS[status]}. This page is not public.</p>
      <p className="mt-1 text-sm">
        Visitors get “not found” here until it is published.{" "}
        <AppLink to={editPath} className="font-semibold text-leaf-800 underline">
          Back to editing
        </AppLink>
      </p>
    </div>
  );
}
