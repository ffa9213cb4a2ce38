import { z } from "../zod";
import { optionalText, optionalUrl, requiredText } from "./form";

export const EPISODE_NUMBER_TAKEN = "Another episode already has this number.";

/** "mm:ss", "h:mm:ss" or plain seconds to seconds; null when it is none of these. */
export function parseDuration(value: string): number | null {
  const v = value.trim();
  if (/^\d{1,6}$/.test(v)) return Number(v);
  const m = v.match(/^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/);
  if (!m) return null;
  const [, h = "0", min = "0", s = "0"] = m;
  if (m[1] !== undefined && Number(min) > 59) return null;
  return Number(h) * 3600 + Number(min) * 60 + Number(s);
}

/** Seconds as "m:ss" (or "h:mm:ss"), the form's display of a duration. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A podcast episode as the admin form submits it, with the cover image the feed shows as itunes:image. */
export const EpisodeSchema = z.object({
  number: requiredText("Episode number", 6)
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 99_999,
      "Episode number must be a whole number from 1 to 99999.",
    )
    .transform(Number),
  title: requiredText("Title", 200),
  summary: optionalText("Summary", 1000),
  showNotes: optionalText("Show notes", 20_000),
  guest: optionalText("Guest", 200),
  audioUrl: optionalUrl("Audio URL", { allowPath: true }),
  imageUrl: optionalUrl("Image URL", { allowPath: true }),
  duration: requiredText("Duration", 10)
    .refine((v) => parseDuration(v) !== null, "Duration must be mm:ss, h:mm:ss or a number of seconds.")
    .transform((v) => parseDuration(v) ?? 0)
    .refine((v) => v <= 24 * 3600, "Duration must be under 24 hours."),
  publishedAt: requiredText("Published date", 10)
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()),
      "Published date must be a date (YYYY-MM-DD).",
    )
    .transform((v) => new Date(`${v}T12:00:00Z`)),
});

export type EpisodeFormOutput = z.output<typeof EpisodeSchema>;
