import { UNKNOWN_LANGUAGE } from "../i18n/entry-translations";
import { LANGUAGES } from "../i18n/languages";
import { z } from "../zod";
import { optionalText, requiredText } from "./form";

const subject = requiredText("Subject", 200).refine((v) => !/[\r\n]/.test(v), "The subject must be on one line.");
const body = optionalText("Text", 100_000);
const id = z.uuid({ error: "No issue with this id exists." });

/**
 * The language an issue is previewed (or tested) in: a subscriber of it is who the preview shows. Not the issue's
 * own language (`language`), which is read with its translations by `readEntryLanguageForm`.
 */
export const previewLanguage = z.enum(LANGUAGES, { error: UNKNOWN_LANGUAGE }).optional();

/** The preview of a draft being typed (the live preview's request); its translation fields are read apart. */
export const IssuePreviewSchema = z.object({ subject: optionalText("Subject", 200), body, previewLanguage });

/** Every action of an issue's screen, told apart by `intent`. */
export const IssueActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), subject, body }),
    z.object({ intent: z.literal("test"), subject, body, previewLanguage }),
    z.object({ intent: z.literal("send"), confirmed: z.literal("yes", { error: "Confirm the sending first." }) }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: "Unknown action." },
);

export const NewIssueSchema = z.object({ subject });
export { id as IssueIdSchema };
