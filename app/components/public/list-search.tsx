import { useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";

/**
 * The words box of a list page: a plain GET form (works without JavaScript) that keeps the page's other choices as
 * hidden fields, with a way back to the whole list when words are applied.
 */
export function ListSearch({
  action,
  label,
  q,
  placeholder,
  keep = {},
}: {
  action: string;
  label: string;
  q: string | null;
  placeholder: string;
  keep?: Record<string, string | null | undefined>;
}) {
  const id = `${action.replace(/\W/g, "")}-q`;
  const localize = useLocalizeHref();
  const { t } = useTranslation();
  const clearParams = new URLSearchParams(
    Object.entries(keep).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return (
    <search className="mt-6 block">
      <form
        method="get"
        action={localize(action)}
        className="flex max-w-2xl flex-wrap items-end gap-2"
        data-analytics-form={`${action.replace(/\W/g, "")}-search`}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="text-sm font-semibold text-stone-800">
            {label}
          </label>
          <input
            id={id}
            type="search"
            name="q"
            defaultValue={q ?? ""}
            key={q ?? ""}
            maxLength={100}
            placeholder={placeholder}
            className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900"
          />
        </div>
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <button
          type="submit"
          className="min-h-11 rounded-md bg-leaf-700 px-5 py-2 font-semibold text-white hover:bg-leaf-800"
        >
          {t("shell.search")}
        </button>
        {q ? (
          <AppLink
            to={clearParams ? `${action}?${clearParams}` : action}
            className="px-2 py-2 font-semibold text-leaf-800 underline"
          >
            {t("entry.showAll")}
          </AppLink>
        ) : null}
      </form>
    </search>
  );
}
