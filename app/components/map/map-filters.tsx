import { type FormEvent, useId } from "react";
import { Form, useNavigate } from "react-router";

type Values = { region?: string; subRegion?: string; focus?: string; country?: string; q?: string };

const fieldCls =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-stone-900 focus:border-leaf-600";
const labelCls = "text-sm font-semibold text-stone-800";

/**
 * The /map filters: the same query parameters as /locations (region, subRegion, focus, country, q) in a GET
 * form, so the filtered map is a URL that can be shared and works before JavaScript loads.
 */
export function MapFilters({
  values,
  regions,
  subRegions,
  focusAreas,
  countries,
}: {
  values: Values;
  regions: { key: string; id: string; name: string }[];
  subRegions: { id: string; name: string; regionId: string }[];
  focusAreas: { id: string; name: string }[];
  countries: string[];
}) {
  const id = useId();
  const navigate = useNavigate();
  const hasFilters = Object.values(values).some(Boolean);
  // With JavaScript, empty fields are left out so the URL stays short and shareable (?region=Europe).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
    }
    const query = params.toString();
    navigate(query ? `/map?${query}` : "/map");
  };
  return (
    <Form
      method="get"
      action="/map"
      role="search"
      aria-label="Filter the map"
      className="space-y-3"
      onSubmit={onSubmit}
    >
      <h2 className="text-base font-semibold text-stone-900">Filter the map</h2>
      <div>
        <label htmlFor={`${id}-q`} className={labelCls}>
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          maxLength={100}
          defaultValue={values.q ?? ""}
          key={`q-${values.q ?? ""}`}
          placeholder="Name, city, country or description"
          className={fieldCls}
        />
      </div>
      <div>
        <label htmlFor={`${id}-region`} className={labelCls}>
          Region
        </label>
        <select
          id={`${id}-region`}
          name="region"
          defaultValue={values.region ?? ""}
          key={`r-${values.region ?? ""}`}
          className={fieldCls}
        >
          <option value="">All regions</option>
          {regions.map((r) => (
            <option key={r.key} value={r.key}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sub`} className={labelCls}>
          Sub-region
        </label>
        <select
          id={`${id}-sub`}
          name="subRegion"
          defaultValue={values.subRegion ?? ""}
          key={`s-${values.subRegion ?? ""}`}
          className={fieldCls}
        >
          <option value="">All sub-regions</option>
          {regions.map((r) => {
            const items = subRegions.filter((s) => s.regionId === r.id);
            return items.length ? (
              <optgroup key={r.id} label={r.name}>
                {items.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-focus`} className={labelCls}>
          Area of focus
        </label>
        <select
          id={`${id}-focus`}
          name="focus"
          defaultValue={values.focus ?? ""}
          key={`f-${values.focus ?? ""}`}
          className={fieldCls}
        >
          <option value="">All areas of focus</option>
          {focusAreas.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-country`} className={labelCls}>
          Country
        </label>
        <select
          id={`${id}-country`}
          name="country"
          defaultValue={values.country ?? ""}
          key={`c-${values.country ?? ""}`}
          className={fieldCls}
        >
          <option value="">All countries</option>
          {countries.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-leaf-700"
        >
          Apply filters
        </button>
        {hasFilters ? (
          <a href="/map" className="text-sm font-medium text-leaf-800 underline underline-offset-2">
            Clear filters
          </a>
        ) : null}
      </div>
    </Form>
  );
}
