import { z } from "../zod";
import { formId, optionalText } from "./form";

export { REVIEW_STATUS_LABELS, REVIEW_STATUSES as REVIEW_STATUS_VALUES } from "../vocabulary";

import { REVIEW_STATUSES } from "../vocabulary";

const id = formId("application");

/** The applicant screen's two writes: a status change and the internal notes. */
export const ApplicantActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("status"),
      id,
      status: z.enum(REVIEW_STATUSES, { error: "Please choose a review status." }),
      /** On approval or rejection: e-mail the applicant (a checked box sends "on"). */
      notify: z
        .literal("on")
        .optional()
        .transform((v) => v === "on"),
      /** A personal note for the applicant's message. */
      message: optionalText("Personal note", 2000),
    }),
    z.object({ intent: z.literal("notes"), id, notes: optionalText("Notes", 5000) }),
    z.object({
      intent: z.literal("make-entry"),
      id,
      kind: z.enum(["location", "change-maker"], { error: "Choose a place or a profile." }),
    }),
    z.object({
      intent: z.literal("notices"),
      notices: z.enum(["on", "off"], { error: "Choose on or off." }),
    }),
  ],
  { error: "Unknown action." },
);

export const NotesSchema = z.object({ notes: optionalText("Notes", 5000) });
