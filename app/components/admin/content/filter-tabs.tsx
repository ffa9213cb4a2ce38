import { Link } from "react-router";

export type FilterTab = { key: string | null; label: string; count?: number; href: string };

/** A row of links that filter a list (All, or one state), the current one marked for assistive technology. */
export function FilterTabs({ label, tabs, current }: { label: string; tabs: FilterTab[]; current: string | null }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((t) => {
          const active = t.key === current;
          return (
            <li key={t.label}>
              <Link
                to={t.href}
                aria-current={active ? "page" : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                  active ? "border-leaf-700 bg-leaf-700 text-white" : "border-stone-400 bg-white text-stone-900"
                }`}
              >
                {t.label}
                {t.count === undefined ? null : <span className={active ? "" : "text-stone-600"}> ({t.count})</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
