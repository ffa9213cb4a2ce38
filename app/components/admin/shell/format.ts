const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

/** One fixed time zone, so the server's HTML and the browser's render agree. */
export function formatDateTime(value: Date | string): string {
  return `${DATE_TIME.format(new Date(value))} UTC`;
}

export function formatDate(value: Date | string): string {
  return DATE.format(new Date(value));
}

export { REVIEW_STATUS_LABELS, REVIEW_STATUSES as REVIEW_STATUS_ORDER } from "~/lib/vocabulary";
