import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClasses } from "../form-field";

/** The GET search box above an admin list; extra controls (filters) go in `children`. */
export function SearchForm({
  id,
  label,
  q,
  clearHref,
  children,
}: {
  id: string;
  label: string;
  q: string;
  clearHref?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          Search
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
        />
      </div>
      {children}
      <button type="submit" className={buttonClasses.secondary}>
        Search
      </button>
      {clearHref ? (
        <Link to={clearHref} className={buttonClasses.link}>
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

/** The list URL without the no-JavaScript `?delete=` confirmation step, and a builder for that step's URL. */
export function deleteLinks(listPath: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("delete");
  const here = `${listPath}${params.toString() ? `?${params}` : ""}`;
  const confirmHref = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("delete", id);
    return `${listPath}?${p}`;
  };
  return { here, params, confirmHref };
}
