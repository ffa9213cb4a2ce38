import { z } from "../zod";
import { optionalText } from "./form";

export { REVIEW_STATUS_LABELS, REVIEW_STATUSES as REVIEW_STATUS_VALUES } from "../vocabulary";

import { REVIEW_STATUSES } from "../vocabulary";

const id = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "Unknown application.");

/** The applicant screen's two writes: a status change and the internal notes. */
export const ApplicantActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      id,
      status: z.enum(REVIEW_STATUSES, { error: "Please choose a review status." }),
    }),
    z.object({ intent: z.literal("notes"), id, notes: optionalText("Notes", 5000) }),
  ],
  { error: "Unknown action." },
);

export const NotesSchema = z.object({ notes: optionalText("Notes", 5000) });
