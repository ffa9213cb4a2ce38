import { formatMonthYear } from "./format";

/** "Last checked: November 2026": when staff last found the entry current. */
export function LastChecked({ at, className = "mt-4" }: { at: string; className?: string }) {
  return (
    <p className={`${className} text-sm text-stone-700`}>
      Last checked: <time dateTime={at.slice(0, 7)}>{formatMonthYear(at)}</time>
    </p>
  );
}
