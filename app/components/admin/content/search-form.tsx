import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";

const controlClass = "mt-1 rounded-md border border-stone-400 bg-white px-3 py-2";

/** The GET search box above an admin list; extra controls (filters) go in `children`, before the submit button. */
export function SearchForm({
  id,
  label,
  q,
  clearHref,
  children,
  name = "q",
  fieldLabel = "Search",
  submitLabel = "Search",
  clearLabel = "Clear search",
}: {
  id: string;
  /** The form's accessible name, e.g. "Search programs". */
  label: string;
  q: string;
  /** Shown as the clear link while a search or filter is active. */
  clearHref?: string;
  children?: ReactNode;
  name?: string;
  fieldLabel?: string;
  submitLabel?: string;
  clearLabel?: string;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          {fieldLabel}
        </label>
        <input id={id} type="search" name={name} defaultValue={q} maxLength={200} className={controlClass} />
      </div>
      {children}
      <button type="submit" className={buttonClasses.secondary}>
        {submitLabel}
      </button>
      {clearHref ? (
        <Link to={clearHref} className={buttonClasses.link}>
          {clearLabel}
        </Link>
      ) : null}
    </Form>
  );
}

/** A select among a search form's filters; `allLabel` adds a first, empty choice meaning "no filter". */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  allLabel,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  allLabel?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={controlClass}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Back to the whole list, from an empty search result. */
export function ClearLink({ to, children = "Clear search" }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className={buttonClasses.secondary}>
      {children}
    </Link>
  );
}
