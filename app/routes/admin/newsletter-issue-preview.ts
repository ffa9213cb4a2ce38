import { data } from "react-router";
import { formDataToObject, readForm } from "~/lib/schemas/form";
import { IssuePreviewSchema } from "~/lib/schemas/newsletter-issue";
import { requireAdmin } from "~/services/guard.server";
import { previewIssueHtml } from "~/services/newsletter-issues.server";
import type { Route } from "./+types/newsletter-issue-preview";

/** The live preview of a draft being typed: the e-mail's HTML for the subject and Markdown posted. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const parsed = IssuePreviewSchema.safeParse(formDataToObject(await readForm(request)));
  if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Invalid preview." }, { status: 400 });
  return data(
    {
      html: previewIssueHtml(context.services, {
        subject: parsed.data.subject || "(no subject)",
        body: parsed.data.body,
      }),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
