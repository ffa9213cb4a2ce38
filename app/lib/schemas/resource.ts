import { RESOURCE_TYPES } from "../taxonomy";
import { z } from "../zod";
import { entryStatus, idList, optionalText, optionalUrl, requiredText, requiredUrl } from "./form";

const TYPE_VALUES = RESOURCE_TYPES.map((t) => t.value) as [
  (typeof RESOURCE_TYPES)[number]["value"],
  ...(typeof RESOURCE_TYPES)[number]["value"][],
];

/** A resource (website, YouTube channel, book, podcast, article or app) as the admin form submits it. */
export const ResourceSchema = z.object({
  title: requiredText("Title", 200),
  status: entryStatus,
  type: z.enum(TYPE_VALUES, { error: "Please choose a type from the list." }),
  url: requiredUrl("URL"),
  description: optionalText("Description", 2000),
  author: optionalText("Author", 200),
  imageUrl: optionalUrl("Image URL", { allowPath: true }),
  focusAreas: idList("Focus areas", 40),
});

export type ResourceFormOutput = z.output<typeof ResourceSchema>;
