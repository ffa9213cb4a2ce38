import { formatMonthYear } from "~/lib/format";
import { useLanguage, useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";

/**
 * "Last checked: November 2026": when staff last found the entry current, and the way for a visitor to say that
 * something on it is out of date.
 */
export function LastChecked({
  at,
  className = "mt-4",
  correctHref,
}: {
  at: string;
  className?: string;
  correctHref?: string;
}) {
  const lang = useLanguage();
  const { t } = useTranslation();
  return (
    <p className={`${className} text-sm text-stone-700`}>
      {t("location.lastChecked")} <time dateTime={at.slice(0, 7)}>{formatMonthYear(at, lang)}</time>
      {correctHref ? (
        <>
          {" · "}
          <AppLink to={correctHref} className="font-semibold text-leaf-800 underline">
            {t("location.suggestCorrection")}
          </AppLink>
        </>
      ) : null}
    </p>
  );
}
