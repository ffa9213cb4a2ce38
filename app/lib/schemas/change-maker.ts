import { z } from "../zod";
import { entryStatus, idList, optionalText, optionalUrl, requiredText } from "./form";

export const MAX_LINKS = 5;

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const asList = (v: unknown): string[] =>
  v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : [String(v)];

/** A change-maker as the admin form submits it. Links arrive as parallel linkLabel/linkUrl fields. */
export const ChangeMakerSchema = z
  .object({
    name: requiredText("Name", 120),
    status: entryStatus,
    role: optionalText("Role", 120),
    bio: optionalText("Biography", 10_000),
    country: optionalText("Country", 80),
    photoUrl: optionalUrl("Photo URL", { allowPath: true }),
    webpPhotoUrl: optionalUrl("WebP photo URL", { allowPath: true }),
    linkLabel: z.preprocess(asList, z.array(z.string())),
    linkUrl: z.preprocess(asList, z.array(z.string())),
    relatedLocations: optionalText("Related locations", 5000).transform((v) => [
      ...new Set(
        v
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ]),
    focusAreas: idList("Focus areas", 40),
  })
  .superRefine((v, ctx) => {
    const n = Math.max(v.linkLabel.length, v.linkUrl.length);
    let filled = 0;
    for (let i = 0; i < n; i++) {
      const label = (v.linkLabel[i] ?? "").trim();
      const url = (v.linkUrl[i] ?? "").trim();
      if (!label && !url) continue;
      filled++;
      if (!label) ctx.addIssue({ code: "custom", path: ["links"], message: `Link ${i + 1} needs a label.` });
      else if (label.length > 80)
        ctx.addIssue({
          code: "custom",
          path: ["links"],
          message: `Link ${i + 1}: the label must be 80 characters or fewer.`,
        });
      if (!isHttpUrl(url))
        ctx.addIssue({
          code: "custom",
          path: ["links"],
          message: `Link ${i + 1} needs a web address starting with http:// or https://.`,
        });
    }
    if (filled > MAX_LINKS)
      ctx.addIssue({ code: "custom", path: ["links"], message: `Add at most ${MAX_LINKS} links.` });
    if (v.relatedLocations.length > 50)
      ctx.addIssue({ code: "custom", path: ["relatedLocations"], message: "List at most 50 related locations." });
  })
  .transform(({ linkLabel, linkUrl, ...rest }) => ({
    ...rest,
    links: linkLabel
      .map((label, i) => ({ label: label.trim(), url: (linkUrl[i] ?? "").trim() }))
      .filter((l) => l.label && l.url),
  }));

export type ChangeMakerFormOutput = z.output<typeof ChangeMakerSchema>;
