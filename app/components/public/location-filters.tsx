import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Form, useNavigate } from "react-router";
import { WITHIN_KM } from "~/lib/constants";
import type { LocationQuery } from "~/lib/filters";
import { intlLocale, type Language, localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { Translate } from "~/lib/i18n/translate";
import { formatInteger } from "~/lib/numbers";
import { AppLink } from "../app-link";
import { type SelectOption, SelectOptions } from "../forms/select-options";
import { Search } from "../icons";
import { useHydrated } from "../shell/use-hydrated";

type Option = { id: string; name: string };
type RegionOption = { key: string; id: string; name: string };
type SubRegionOption = { id: string; name: string; regionId: string };

/** Fills the form with the browser's position (asked for once, on the visitor's click) and sends it. */
function fillMyPosition(form: HTMLFormElement | null, say: (message: string) => void, t: Translate) {
  if (!form) return;
  if (!("geolocation" in navigator)) {
    say(t("filters.noGeolocation"));
    return;
  }
  say(t("filters.findingPosition"));
  navigator.geolocation.getCurrentPosition(
    (position) => {
      const set = (name: string, value: string) => {
        let input = form.querySelector<HTMLInputElement>(`input[type=hidden][name=${name}]`);
        if (!input) {
          input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          form.append(input);
        }
        input.value = value;
      };
      set("lat", position.coords.latitude.toFixed(4));
      set("lng", position.coords.longitude.toFixed(4));
      const near = form.querySelector<HTMLInputElement>("input[name=near]");
      if (near) near.value = "";
      say("");
      form.requestSubmit();
    },
    () => say(t("filters.positionUnavailable")),
    { timeout: 10_000, maximumAge: 300_000 },
  );
}

/** Per choice, how many results it would give; a dimension left out had too many matches to count cheaply. */
export type FacetCounts = {
  region?: Record<string, number>;
  focus?: Record<string, number>;
  country?: Record<string, number>;
};

/** The options of a choice, each label with the number of results it would give when the words are counted. */
function countedOptions(
  options: readonly SelectOption[],
  counts: Record<string, number> | undefined,
  lang: Language,
): SelectOption[] {
  if (!counts) return [...options];
  return options.map((o) => ({ value: o.value, label: `${o.label} (${formatInteger(counts[o.value] ?? 0, lang)})` }));
}

/** What the filter form shows: the location query's parameters (page aside), the named ones as any text. */
export type LocationFilterValues = {
  [K in Exclude<keyof LocationQuery, "page">]?: LocationQuery[K] extends number | undefined ? LocationQuery[K] : string;
};

const fieldCls =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 focus:border-leaf-600";

/** Each choice's label and the words of its first option, which means "any". */
const FILTER_WORDS = {
  region: { label: "filters.region", anyLabel: "filters.allRegions" },
  subRegion: { label: "filters.subRegion", anyLabel: "filters.allSubRegions" },
  country: { label: "filters.country", anyLabel: "filters.allCountries" },
  focus: { label: "filters.focus", anyLabel: "filters.allFocusAreas" },
  within: { label: "filters.within", anyLabel: "filters.anyDistance" },
} as const;

/** The choices past the region (country, focus area), counted alike, and their width in the list's row of fields. */
const COUNTED_FILTERS = [
  { name: "country", width: "pair" },
  { name: "focus", width: "wide" },
] as const;

/**
 * One of the filters' choices: its label above a select whose first option means "any" (its id from the form's
 * `formId`). A choice the page's address sets is given a `key` with its value, so a new address resets it.
 */
function FilterSelect({
  formId,
  name,
  className,
  value,
  defaultValue,
  onChoose,
  children,
}: {
  formId: string;
  name: keyof typeof FILTER_WORDS;
  className?: string;
  /** A choice the form keeps in its state (`value` with `onChoose`), or one the page's address sets (`defaultValue`). */
  value?: string;
  defaultValue?: string;
  onChoose?: (value: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = `${formId}-${name}`;
  const kept = onChoose
    ? { value, onChange: (e: ChangeEvent<HTMLSelectElement>) => onChoose(e.target.value) }
    : { defaultValue };
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {t(FILTER_WORDS[name].label)}
      </label>
      <select id={id} name={name} autoComplete="off" className={fieldCls} {...kept}>
        <option value="">{t(FILTER_WORDS[name].anyLabel)}</option>
        {children}
      </select>
    </div>
  );
}

/** Where the filters are used: the list (a row of fields) and the full-screen map (a narrow column). */
const VARIANTS = {
  list: {
    action: "/locations",
    label: "filters.filterLocations",
    submit: "filters.showLocations",
    analyticsForm: "location-filters",
    analyticsFilters: "locations:filter",
    form: "grid gap-4 rounded-xl border border-leaf-100 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6",
    search: "sm:col-span-2 lg:col-span-6",
    pair: "lg:col-span-2",
    wide: "sm:col-span-2 lg:col-span-3",
  },
  map: {
    action: "/map",
    label: "filters.filterMap",
    submit: "filters.applyFilters",
    analyticsForm: "map-filters",
    analyticsFilters: "map:filter",
    form: "space-y-3",
    search: "",
    pair: "",
    wide: "",
  },
} as const;

/**
 * The location filters shared by /locations and /map (the same query parameters, so a filtered view is a URL that
 * can be shared): a plain GET form that works before JavaScript loads. Without JavaScript the sub-region list
 * shows every sub-region grouped by region; once hydrated it narrows to the chosen region, and empty fields are
 * left out of the URL (?region=Europe, not ?q=&region=Europe&...).
 */
export function LocationFilters({
  values,
  regions,
  subRegions,
  focusAreas,
  countries,
  hasFilters,
  variant = "list",
  counts = null,
}: {
  values: LocationFilterValues;
  regions: RegionOption[];
  subRegions: SubRegionOption[];
  focusAreas: Option[];
  /** The stored country names (values) and their names in the page's language (labels), worked out by the server. */
  countries: { value: string; label: string }[];
  hasFilters: boolean;
  variant?: keyof typeof VARIANTS;
  /** With search words: how many results each choice would give (by region key, focus-area id, country). */
  counts?: FacetCounts | null;
}) {
  const v = VARIANTS[variant];
  const id = useId();
  const navigate = useNavigate();
  const { t, lang } = useTranslation();
  const hydrated = useHydrated();
  const [positionMessage, setPositionMessage] = useState("");
  const [region, setRegion] = useState(values.region ?? "");
  const [subRegion, setSubRegion] = useState(values.subRegion ?? "");
  // Follow the URL when the visitor navigates (back button, region links in the header).
  useEffect(() => {
    setRegion(values.region ?? "");
    setSubRegion(values.subRegion ?? "");
  }, [values.region, values.subRegion]);

  // A sub-region of another region no longer fits the region chosen: it is cleared.
  const chooseRegion = (next: string) => {
    setRegion(next);
    const nextId = regions.find((r) => r.key === next)?.id;
    const sub = subRegions.find((s) => s.id === subRegion);
    if (nextId && sub && sub.regionId !== nextId) setSubRegion("");
  };
  const regionId = regions.find((r) => r.key === region)?.id;
  const groups = regions
    .filter((r) => !hydrated || !regionId || r.id === regionId)
    .map((r) => ({ region: r, items: subRegions.filter((s) => s.regionId === r.id) }))
    .filter((g) => g.items.length > 0);
  const choices = {
    region: regions.map((r) => ({ value: r.key, label: r.name })),
    country: countries,
    focus: focusAreas.map((f) => ({ value: f.id, label: f.name })),
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
    }
    const query = params.toString();
    const action = localizeHref(v.action, lang);
    navigate(query ? `${action}?${query}` : action);
  };

  return (
    <Form
      method="get"
      action={localizeHref(v.action, lang)}
      role="search"
      aria-label={t(v.label)}
      className={v.form}
      onSubmit={onSubmit}
      data-analytics-form={v.analyticsForm}
      data-analytics-filters={v.analyticsFilters}
    >
      {variant === "map" ? <h2 className="text-base font-semibold text-stone-900">{t(v.label)}</h2> : null}
      <div className={v.search}>
        <label htmlFor={`${id}-q`} className="text-sm font-semibold text-stone-800">
          {t("filters.search")}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500"
          />
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={values.q ?? ""}
            key={values.q ?? ""}
            maxLength={100}
            placeholder={t("filters.searchPlaceholder")}
            className={`${fieldCls} pl-9`}
          />
        </div>
      </div>
      <FilterSelect formId={id} name="region" className={v.pair} value={region} onChoose={chooseRegion}>
        <SelectOptions options={countedOptions(choices.region, counts?.region, lang)} />
      </FilterSelect>
      <FilterSelect formId={id} name="subRegion" className={v.pair} value={subRegion} onChoose={setSubRegion}>
        {groups.map((g) => (
          <optgroup key={g.region.id} label={g.region.name}>
            {g.items.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </optgroup>
        ))}
      </FilterSelect>
      {COUNTED_FILTERS.map((f) => (
        <FilterSelect
          key={`${f.name}-${values[f.name] ?? ""}`}
          formId={id}
          name={f.name}
          className={v[f.width]}
          defaultValue={values[f.name] ?? ""}
        >
          <SelectOptions options={countedOptions(choices[f.name], counts?.[f.name], lang)} />
        </FilterSelect>
      ))}
      {variant === "list" ? (
        <>
          <div className="sm:col-span-2 lg:col-span-2">
            <label htmlFor={`${id}-near`} className="text-sm font-semibold text-stone-800">
              {t("filters.nearestTo")}
            </label>
            <input
              id={`${id}-near`}
              type="search"
              name="near"
              defaultValue={values.near ?? ""}
              key={`near-${values.near ?? ""}`}
              maxLength={100}
              placeholder={t("filters.nearPlaceholder")}
              aria-describedby={`${id}-near-hint`}
              className={fieldCls}
            />
            <p id={`${id}-near-hint`} className="mt-1 text-xs text-stone-700">
              {hydrated ? (
                <button
                  type="button"
                  className="font-semibold text-leaf-800 underline"
                  onClick={(e) => fillMyPosition(e.currentTarget.form, setPositionMessage, t)}
                >
                  {t("filters.useMyPosition")}
                </button>
              ) : (
                t("filters.sortedByDistance")
              )}
              {positionMessage ? <span role="status"> {positionMessage}</span> : null}
            </p>
            {values.lat !== undefined && values.lng !== undefined && !values.near ? (
              <>
                <input type="hidden" name="lat" value={values.lat} />
                <input type="hidden" name="lng" value={values.lng} />
              </>
            ) : null}
          </div>
          <FilterSelect
            key={`within-${values.within ?? ""}`}
            formId={id}
            name="within"
            defaultValue={values.within ? String(values.within) : ""}
          >
            {WITHIN_KM.map((km) => (
              <option key={km} value={km}>
                {km.toLocaleString(intlLocale(lang))} km
              </option>
            ))}
          </FilterSelect>
        </>
      ) : null}
      <div className={`flex flex-wrap items-end gap-3 ${v.wide}`}>
        <button
          type="submit"
          className="min-h-11 rounded-md bg-leaf-700 px-5 py-2 font-semibold text-white hover:bg-leaf-800"
        >
          {t(v.submit)}
        </button>
        {hasFilters ? (
          <AppLink to={v.action} className="min-h-11 px-2 py-2 font-semibold text-leaf-800 underline">
            {t("filters.clear")}
          </AppLink>
        ) : null}
      </div>
    </Form>
  );
}
