import type { ReactNode } from "react";

/**
 * The header row of a table an admin screen lays out itself: one column header a label, each with the table's cell
 * look; from `numbersFrom` on, the columns hold numbers and are aligned right.
 */
export function ColumnHeads({
  labels,
  className,
  numbersFrom,
}: {
  labels: readonly string[];
  className: string;
  numbersFrom?: number;
}) {
  return (
    <tr>
      {labels.map((label, i) => (
        <th
          key={label}
          scope="col"
          className={numbersFrom !== undefined && i >= numbersFrom ? `${className} text-right` : className}
        >
          {label}
        </th>
      ))}
    </tr>
  );
}

/** A small framed table of an admin screen (recent changes, users): its column headers, then the rows it is given. */
export function FramedTable({ labels, children }: { labels: readonly string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-100 text-stone-800">
          <ColumnHeads labels={labels} className="px-4 py-2 font-semibold" />
        </thead>
        <tbody className="divide-y divide-stone-200">{children}</tbody>
      </table>
    </div>
  );
}
