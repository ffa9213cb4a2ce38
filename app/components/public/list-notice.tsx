import type { ReactNode } from "react";

/**
 * A note above a list about what the address asked for: a filter value it left out, a place it did not find.
 * `status` has a screen reader read it out when it appears.
 */
export function ListNotice({ status, children }: { status?: boolean; children: ReactNode }) {
  return (
    <p role={status ? "status" : undefined} className="mt-4 rounded-md bg-soil-100 px-4 py-2 text-sm text-soil-900">
      {children}
    </p>
  );
}
