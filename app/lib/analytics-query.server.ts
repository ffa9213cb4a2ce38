import { z } from "zod";
import { type Granularity, utcDay } from "../queries/analytics.server";

const DAY_MS = 86_400_000;
export const ANALYTICS_RANGES = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 } as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const QuerySchema = z.object({
  range: z.enum(["7d", "30d", "90d", "365d", "custom"]).catch("30d"),
  from: z.string().regex(ISO_DAY).optional().catch(undefined),
  to: z.string().regex(ISO_DAY).optional().catch(undefined),
  granularity: z.enum(["day", "week", "month"]).catch("day"),
});

export type AnalyticsQuery = {
  range: z.infer<typeof QuerySchema>["range"];
  from: string;
  to: string;
  granularity: Granularity;
  error: string | null;
};

/** The analytics period from the URL; a bad custom range falls back to the last 30 days with a message. */
export function resolveAnalyticsQuery(params: URLSearchParams, now: Date): AnalyticsQuery {
  const q = QuerySchema.parse(Object.fromEntries(params));
  const today = utcDay(now);
  const last = (days: number) => ({ from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: today });
  const base = { range: q.range, granularity: q.granularity };
  if (q.range !== "custom") return { ...base, ...last(ANALYTICS_RANGES[q.range]), error: null };
  const from = q.from;
  const to = q.to ?? today;
  if (from && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to)) && from <= to) {
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 <= 3 * 366) return { ...base, from, to, error: null };
    return { ...base, ...last(30), error: "A custom range can cover at most three years; showing the last 30 days." };
  }
  return { ...base, ...last(30), error: "Choose a start date on or before the end date; showing the last 30 days." };
}
