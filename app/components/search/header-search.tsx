import { useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import { SearchCombobox } from "./search-combobox";

/**
 * The header's search form: a plain GET form to /search whose field offers suggestions as the visitor types. The
 * header loads it as an island, so the combobox's code stays out of every page's initial JavaScript; until it has
 * loaded (or without JavaScript) the same markup is a plain search form.
 */
export function HeaderSearchForm() {
  const { t } = useTranslation();
  const localize = useLocalizeHref();
  return (
    <form method="get" action={localize("/search")} className="flex gap-2" data-analytics-form="header-search">
      <SearchCombobox
        defaultValue=""
        label={t("search.label")}
        placeholder={t("search.placeholder")}
        autoFocus
        className="w-full min-w-0 rounded-lg border border-stone-400 bg-white px-3 py-2 text-base"
      />
      <button type="submit" className="rounded-lg bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800">
        {t("shell.search")}
      </button>
    </form>
  );
}
