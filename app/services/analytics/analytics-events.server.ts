import { insertAnalyticsEvents, type NewAnalyticsEvent } from "~/queries/analytics.server";
import type { Services } from "../services.server";

export type { NewAnalyticsEvent } from "~/queries/analytics.server";

/** Rows per insert: a large buffer is written in statements of this many rows, within Postgres' parameter limit. */
export const ANALYTICS_INSERT_ROWS = 1000;

/** Stores a batch of buffered events, in statements of at most ANALYTICS_INSERT_ROWS rows. */
export async function storeAnalyticsEvents({ db }: Pick<Services, "db">, batch: NewAnalyticsEvent[]): Promise<void> {
  for (let i = 0; i < batch.length; i += ANALYTICS_INSERT_ROWS)
    await insertAnalyticsEvents(db, batch.slice(i, i + ANALYTICS_INSERT_ROWS));
}
