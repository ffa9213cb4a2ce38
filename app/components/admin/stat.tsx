import { formatInteger } from "~/lib/numbers";

/** One figure in an admin summary (<dl>): counts are grouped by thousands, other values arrive formatted. */
export function Stat({ label, value, warn }: { label: string; value: number | string; warn?: boolean }) {
  return (
    <div className={`rounded-lg border bg-white p-4 ${warn ? "border-red-300" : "border-stone-200"}`}>
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className={`mt-1 text-2xl font-bold tabular-nums ${warn ? "text-red-800" : "text-stone-900"}`}>
        {typeof value === "number" ? formatInteger(value) : value}
      </dd>
    </div>
  );
}
