import { useTranslation } from "~/lib/i18n/react";
import type { EntryStatus } from "~/lib/vocabulary";
import { AppLink } from "../app-link";

/** The banner's first line for each status a public page previews (message keys). */
const PREVIEW_TITLE: Record<Exclude<EntryStatus, "published">, string> = {
  draft: "contribution.preview.draft",
  archived: "contribution.preview.archived",
};

/** Above an unpublished entry's page, for staff: what visitors see instead, and the way back to editing it. */
export function PreviewBanner({ status, editPath }: { status: EntryStatus | null; editPath: string }) {
  const { t } = useTranslation();
  if (!status || status === "published") return null;
  return (
    <div role="note" className="mb-6 rounded-lg border-2 border-amber-600 bg-amber-50 p-4 text-stone-900">
      <p className="font-semibold">{t(PREVIEW_TITLE[status])}</p>
      <p className="mt-1 text-sm">
        {t("contribution.preview.text")}{" "}
        <AppLink to={editPath} className="font-semibold text-leaf-800 underline">
          {t("contribution.preview.back")}
        </AppLink>
      </p>
    </div>
  );
}
