import type { ReactNode } from "react";

/** What a list shows when it has no rows: a short explanation and, usually, the next step. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-dashed border-stone-400 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-stone-900">{title}</p>
      {description ? <p className="mt-2 text-stone-700">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
