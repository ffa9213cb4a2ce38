import { useId } from "react";

/** A ranked list with proportional bars: readable at a glance, and plain text for assistive technology. */
export function BarList({
  title,
  items,
  empty = "No data for this period yet.",
  formatValue = (n: number) => n.toLocaleString("en"),
}: {
  title: string;
  items: { label: string; value: number; hint?: string }[];
  empty?: string;
  formatValue?: (n: number) => string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  const headingId = useId();
  return (
    // min-w-0: in a grid, a long label is shortened in its row instead of widening the column past the screen.
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="text-sm font-semibold text-stone-800">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {items.map((item) => (
            <li key={item.label} className="relative">
              <div
                aria-hidden="true"
                className="absolute inset-y-0 left-0 rounded bg-leaf-100"
                style={{ width: `${Math.max(2, (item.value / max) * 100)}%` }}
              />
              <div className="relative flex justify-between gap-3 px-2 py-1 text-sm">
                <span className="truncate text-stone-900" title={item.label}>
                  {item.label}
                  {item.hint ? <span className="ml-2 text-stone-600">{item.hint}</span> : null}
                </span>
                <span className="font-medium tabular-nums text-stone-900">{formatValue(item.value)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
