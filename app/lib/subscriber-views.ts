import { SUBSCRIBER_STATES, type SubscriberState } from "./vocabulary";

/** The admin subscriber list shows one state (confirmed by default) or all. */
export const SUBSCRIBER_VIEWS = [...SUBSCRIBER_STATES, "all"] as const;
export type SubscriberView = SubscriberState | "all";

/** `?state=` as a view; anything unknown is the default, the confirmed subscribers. */
export function parseSubscriberView(value: string | null): SubscriberView {
  return (SUBSCRIBER_VIEWS as readonly string[]).includes(value ?? "") ? (value as SubscriberView) : "confirmed";
}
