import { EntryFormErrorBoundary, EntryFormPage, entryFormMeta } from "~/components/admin/content/entry-form";
import { useEntryForm } from "~/components/admin/content/use-entry-form";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import type { FormValues } from "~/lib/schemas/form";
import { ResourceSchema } from "~/lib/schemas/resource";
import { RESOURCE_TYPES } from "~/lib/taxonomy";
import { entryFormValues, loadFormEntry, readEntryPost, saveEntryForm } from "~/services/entries/entry-forms.server";
import { refuseEntryPost } from "~/services/entries/entry-post-checks.server";
import { getResourceById, type ResourceInput, type ResourceRow } from "~/services/entries/reads.server";
import { listFocusAreas } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/resource-form";

const TYPE_LABELS: Record<string, string> = {
  website: "Website",
  "youtube channel": "YouTube channel",
  book: "Book",
  podcast: "Podcast",
  article: "Article",
  app: "App",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const loaded = await loadFormEntry(context.services, "resource", { params, find: getResourceById });
  const { entry: resource, history, labels } = loaded;
  return {
    history,
    labels,
    entry: loaded.shown,
    saved: resource ? toFormValues(resource) : null,
    focusAreas: await listFocusAreas(context.services.db),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const post = await readEntryPost(context.services, request, { kind: "resource", params });
  if (post.response) return post.response;
  const refused = await refuseEntryPost(context.services, post);
  if (refused) return refused;
  const { v, language } = post;
  const input: ResourceInput = {
    status: v.status,
    title: v.title,
    type: v.type,
    url: v.url,
    description: v.description,
    author: v.author,
    imageUrl: v.imageUrl,
    focusAreas: v.focusAreas,
    ...language,
  };
  return saveEntryForm(context.services, user, post, input);
}

function toFormValues(r: ResourceRow): FormValues {
  return entryFormValues("resource", r, {
    title: r.title,
    type: r.type,
    url: r.url,
    description: r.description,
    author: r.author,
    imageUrl: r.imageUrl ?? "",
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => entryFormMeta("resource", loaderData?.entry?.name);

export default function ResourceFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useEntryForm(ResourceSchema, loaderData.saved, actionData);
  const { field } = form;
  return (
    <EntryFormPage kind="resource" data={loaderData} form={form}>
      <TextField {...field("title")} label="Title" required maxLength={200} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("type")}
          label="Type"
          required
          placeholder="Choose a type"
          options={RESOURCE_TYPES.map((t) => ({ value: t.value, label: TYPE_LABELS[t.value] ?? t.label }))}
        />
        <TextField {...field("author")} label="Author" maxLength={200} />
      </div>
      <TextField {...field("url")} label="URL" type="url" required placeholder="https://" />
      <TextAreaField {...field("description")} label="Description" rows={5} maxLength={2000} />
      <MediaUrlField {...field("imageUrl")} label="Image URL" pickerLabel="image" />
    </EntryFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EntryFormErrorBoundary kind="resource" error={error} />;
}
