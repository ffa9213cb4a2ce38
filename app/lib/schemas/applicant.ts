import { z } from "../zod";
import { optionalText } from "./form";

export const REVIEW_STATUS_VALUES = ["NEEDS_REVIEW", "UNDER_REVIEW", "APPROVED", "REJECTED"] as const;

export const REVIEW_STATUS_LABELS: Record<(typeof REVIEW_STATUS_VALUES)[number], string> = {
  NEEDS_REVIEW: "Needs review",
  UNDER_REVIEW: "Under review",
  APPROVED: "Approved",
  REJECTED: "Rejected",
};

const id = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Unknown application.");

/** The applicant screen's two writes: a status change and the internal notes. */
export const ApplicantActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      id,
      status: z.enum(REVIEW_STATUS_VALUES, { error: "Please choose a review status." }),
    }),
    z.object({ intent: z.literal("notes"), id, notes: optionalText("Notes", 5000) }),
  ],
  { error: "Unknown action." },
);

export const NotesSchema = z.object({ notes: optionalText("Notes", 5000) });
