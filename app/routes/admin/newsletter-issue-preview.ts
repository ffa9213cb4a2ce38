import { data } from "react-router";
import { readEntryLanguageForm } from "~/lib/i18n/entry-translations";
import { formDataToObject } from "~/lib/schemas/form";
import { IssuePreviewSchema } from "~/lib/schemas/newsletter-issue";
import { readForm } from "~/server-lib/form.server";
import { previewIssueHtml } from "~/services/newsletter/newsletter-issues.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/newsletter-issue-preview";

/**
 * The live preview of a draft being typed: the e-mail's HTML for the subject and Markdown posted, with the original
 * language and translations posted beside them, as a subscriber reading `previewLanguage` gets it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  const values = formDataToObject(await readForm(request));
  const parsed = IssuePreviewSchema.safeParse(values);
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid preview." }, { status: 400 });
  const language = readEntryLanguageForm("newsletter-issue", values, null);
  if (!language.ok) {
    return data({ error: Object.values(language.errors)[0] ?? "Invalid preview." }, { status: 400 });
  }
  const previewLanguage = parsed.data.previewLanguage ?? language.value.language;
  return data(
    {
      html: previewIssueHtml(
        context.services,
        { subject: parsed.data.subject || "(no subject)", body: parsed.data.body, ...language.value },
        previewLanguage,
      ),
      // Which language this preview is for: a reply that arrives after staff switched languages is not shown.
      previewLanguage,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
