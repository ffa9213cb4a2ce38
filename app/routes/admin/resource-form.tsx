import { data, Form } from "react-router";
import { AdminErrorBoundary } from "~/components/admin/content/admin-page";
import { bindFields, EntryStatusField, FormActions, FormPageHeader } from "~/components/admin/content/content-form";
import { RevisionHistory } from "~/components/admin/content/revision-history";
import { TranslationFields } from "~/components/admin/content/translation-fields";
import { useFormErrors } from "~/components/admin/content/use-form-errors";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { FocusAreasField } from "~/components/forms/focus-areas-field";
import { ErrorSummary, SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import { UNKNOWN_FOCUS_AREAS } from "~/lib/constants";
import { readEntryLanguageForm, translationFormValues, translationLabels } from "~/lib/i18n/entry-translations";
import { fieldErrors } from "~/lib/schemas";
import { type FormValues, textValue } from "~/lib/schemas/form";
import { readEntryForm } from "~/lib/schemas/form.server";
import { ResourceSchema } from "~/lib/schemas/resource";
import { RESOURCE_TYPES } from "~/lib/taxonomy";
import { invalid, saveContent } from "~/services/content-actions.server";
import { hasUnknownFocusAreas } from "~/services/focus-areas.server";
import { requireAdmin } from "~/services/guard.server";
import { listFocusAreas } from "~/services/reference.server";
import {
  createResource,
  getResourceById,
  type ResourceInput,
  type ResourceRow,
  updateResource,
} from "~/services/resources.server";
import { entryHistory } from "~/services/revisions.server";
import type { Route } from "./+types/resource-form";

const LIST = "/admin/dashboard/resources";
const TYPE_LABELS: Record<string, string> = {
  website: "Website",
  "youtube channel": "YouTube channel",
  book: "Book",
  podcast: "Podcast",
  article: "Article",
  app: "App",
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const id = "id" in params ? params.id : undefined;
  const resource = id ? await getResourceById(db, id) : null;
  if (id && !resource) throw data("No resource with this id exists. It may have been deleted.", { status: 404 });
  const history = id ? await entryHistory(context.services, "resource", id) : [];
  return {
    history,
    resource: resource ? toFormValues(resource) : null,
    resourceTitle: resource?.title ?? null,
    focusAreas: await listFocusAreas(db),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db } = context.services;
  const id = "id" in params ? params.id : undefined;
  const stored = id ? await getResourceById(db, id) : null;
  if (id && !stored) throw data("No resource with this id exists.", { status: 404 });
  const values = await readEntryForm(request, ResourceSchema);
  const parsed = ResourceSchema.safeParse(values);
  const language = readEntryLanguageForm("resource", values, stored);
  if (!parsed.success || !language.ok) {
    return invalid(
      { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(language.ok ? {} : language.errors) },
      values,
    );
  }
  const v = parsed.data;
  if (await hasUnknownFocusAreas(db, v.focusAreas)) return invalid({ focusAreas: UNKNOWN_FOCUS_AREAS }, values);
  const input: ResourceInput = {
    status: v.status,
    title: v.title,
    type: v.type,
    url: v.url,
    description: v.description,
    author: v.author,
    imageUrl: v.imageUrl,
    focusAreas: v.focusAreas,
    ...language.value,
  };
  return saveContent(context, {
    revision: "resource",
    user,
    id,
    input,
    values,
    create: createResource,
    update: updateResource,
    audit: { entity: "resource", subject: `resource "${v.title}"` },
    channel: "resources",
    redirectTo: LIST,
    toast: "Resource saved",
  });
}

function toFormValues(r: ResourceRow): FormValues {
  return {
    status: r.status,
    title: r.title,
    type: r.type,
    url: r.url,
    description: r.description,
    author: r.author,
    imageUrl: r.imageUrl ?? "",
    focusAreas: r.focusAreas,
    ...translationFormValues("resource", r),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.resourceTitle ? `Edit ${loaderData.resourceTitle}` : "Add resource";
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

const LABELS: Record<string, string> = {
  status: "Status",
  title: "Title",
  type: "Type",
  url: "URL",
  description: "Description",
  author: "Author",
  imageUrl: "Image URL",
  focusAreas: "Focus areas",
  ...translationLabels("resource"),
};

export default function ResourceFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { focusAreas, resourceTitle } = loaderData;
  const values: FormValues = actionData?.values ?? loaderData.resource ?? {};
  const { errors, onSubmit } = useFormErrors(ResourceSchema, actionData?.errors);
  const field = bindFields(values, errors);
  return (
    <div className="max-w-3xl">
      <FormPageHeader
        title={resourceTitle ? `Edit resource: ${resourceTitle}` : "Add resource"}
        backHref={LIST}
        backLabel="Back to resources"
      />
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Resource details">
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
        <MediaUrlField
          {...field("imageUrl")}
          label="Image URL"
          hint="A full address, a path such as /media/..., or an image from the media library."
          pickerLabel="image"
        />
        <FocusAreasField focusAreas={focusAreas} values={values} error={errors.focusAreas} />
        <TranslationFields
          kind="resource"
          values={values}
          errors={errors}
          savedLanguage={textValue(loaderData.resource ?? undefined, "language") || undefined}
        />
        <EntryStatusField value={textValue(values, "status")} error={errors.status} />
        <FormActions submitLabel={resourceTitle ? "Save changes" : "Create resource"} cancelHref={LIST} />
      </Form>
      {resourceTitle ? <RevisionHistory history={loaderData.history} labels={LABELS} /> : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to resources" />;
}
