import { z } from "../zod";
import { optionalText, requiredText } from "./form";

const subject = requiredText("Subject", 200).refine((v) => !/[\r\n]/.test(v), "The subject must be on one line.");
const body = optionalText("Text", 100_000);
const id = z.uuid({ error: "No issue with this id exists." });

/** The preview of a draft being typed (the live preview's request). */
export const IssuePreviewSchema = z.object({ subject: optionalText("Subject", 200), body });

/** Every action of an issue's screen, told apart by `intent`. */
export const IssueActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), subject, body }),
    z.object({ intent: z.literal("test"), subject, body }),
    z.object({ intent: z.literal("send"), confirmed: z.literal("yes", { error: "Confirm the sending first." }) }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: "Unknown action." },
);

export const NewIssueSchema = z.object({ subject });
export { id as IssueIdSchema };
