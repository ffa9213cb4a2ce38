import { z } from "zod";
import { DAY_MS } from "~/lib/constants";
import { type Granularity, utcDay } from "~/queries/analytics.server";

const RANGE_DAYS = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 } as const;
type PresetRange = keyof typeof RANGE_DAYS;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists: Date.parse would turn 2024-02-31 into 2 March without a word. */
const Day = z
  .string()
  .regex(ISO_DAY)
  .refine((s) => utcDay(new Date(`${s}T00:00:00Z`)) === s);

const QuerySchema = z.object({
  range: z.enum([...(Object.keys(RANGE_DAYS) as PresetRange[]), "custom"]).catch("30d"),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
  granularity: z.enum(["day", "week", "month"]).catch("day"),
});

type AnalyticsQuery = {
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
  if (q.range !== "custom") return { ...base, ...last(RANGE_DAYS[q.range]), error: null };
  const from = q.from;
  const to = q.to ?? today;
  if (from && from <= to) {
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 <= 3 * 366) return { ...base, from, to, error: null };
    return { ...base, ...last(30), error: "A custom range can cover at most three years; showing the last 30 days." };
  }
  return { ...base, ...last(30), error: "Choose a start date on or before the end date; showing the last 30 days." };
}
