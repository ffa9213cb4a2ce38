import type { Column } from "../data-table";

/** The columns every subscriber list starts with: the address (the row's header), when it subscribed and its state. */
export function subscriberColumns<S extends string, T extends { email: string; timestamp: string; state: S }>(
  stateLabels: Record<S, string>,
): Column<T>[] {
  return [
    { key: "email", header: "E-mail", rowHeader: true, cell: (s) => s.email },
    {
      key: "timestamp",
      header: "Subscribed",
      cell: (s) => <time dateTime={s.timestamp}>{s.timestamp.replace("T", " ").slice(0, 16)}</time>,
    },
    { key: "state", header: "Status", cell: (s) => stateLabels[s.state] },
  ];
}
