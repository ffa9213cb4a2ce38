import { data, Form, Link } from "react-router";
import { AdminErrorBoundary, PageHeader, useSubmitting } from "../../components/admin/content/admin-page";
import { focusAreaGroups } from "../../components/admin/content/focus-areas";
import { useFormErrors } from "../../components/admin/content/use-form-errors";
import {
  buttonClasses,
  CheckboxGroup,
  ErrorSummary,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "../../components/admin/form-field";
import { MediaUrlField } from "../../components/admin/media/media-url-field";
import { notifyContentChanged } from "../../lib/content-events.server";
import { requireAdmin } from "../../lib/guard.server";
import { fieldErrors } from "../../lib/schemas";
import { type FormValues, formDataToObject, listValue, textValue } from "../../lib/schemas/form";
import { ResourceSchema } from "../../lib/schemas/resource";
import { RESOURCE_TYPES } from "../../lib/taxonomy";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import { listFocusAreas } from "../../queries/reference.server";
import {
  createResource,
  getResourceById,
  type ResourceInput,
  type ResourceRow,
  updateResource,
} from "../../queries/resources.server";
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
  return {
    resource: resource ? toFormValues(resource) : null,
    resourceTitle: resource?.title ?? null,
    focusAreas: await listFocusAreas(db),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const id = "id" in params ? params.id : undefined;
  if (id && !(await getResourceById(db, id))) throw data("No resource with this id exists.", { status: 404 });
  const values = formDataToObject(await request.formData());
  const parsed = ResourceSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const v = parsed.data;
  const known = new Set((await listFocusAreas(db)).map((f) => f.id));
  if (v.focusAreas.some((f) => !known.has(f))) {
    return data({ errors: { focusAreas: "Please choose focus areas from the list." }, values }, { status: 400 });
  }
  const input: ResourceInput = {
    title: v.title,
    type: v.type,
    url: v.url,
    description: v.description,
    author: v.author,
    imageUrl: v.imageUrl,
    focusAreas: v.focusAreas,
  };
  let savedId: string;
  if (id) {
    await updateResource(db, id, input);
    savedId = id;
  } else {
    savedId = await createResource(db, input);
  }
  await recordAudit(
    db,
    {
      user,
      action: id ? "update" : "create",
      entity: "resource",
      entityId: savedId,
      summary: `${id ? "Updated" : "Created"} resource "${v.title}"`,
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  await notifyContentChanged(context.services, "resources");
  return redirectWithToast(LIST, "Resource saved");
}

function toFormValues(r: ResourceRow): FormValues {
  return {
    title: r.title,
    type: r.type,
    url: r.url,
    description: r.description,
    author: r.author,
    imageUrl: r.imageUrl ?? "",
    focusAreas: r.focusAreas,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.resourceTitle ? `Edit ${loaderData.resourceTitle}` : "Add resource";
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

const LABELS: Record<string, string> = {
  title: "Title",
  type: "Type",
  url: "URL",
  description: "Description",
  author: "Author",
  imageUrl: "Image URL",
  focusAreas: "Focus areas",
};

export default function ResourceFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { focusAreas, resourceTitle } = loaderData;
  const values: FormValues = actionData?.values ?? loaderData.resource ?? {};
  const submitting = useSubmitting();
  const { errors, onSubmit } = useFormErrors(ResourceSchema, actionData?.errors);
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link to={LIST} className={buttonClasses.link}>
          Back to resources
        </Link>
      </p>
      <PageHeader title={resourceTitle ? `Edit resource: ${resourceTitle}` : "Add resource"} />
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Resource details">
        <TextField
          name="title"
          label="Title"
          required
          maxLength={200}
          defaultValue={textValue(values, "title")}
          error={errors.title}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            name="type"
            label="Type"
            required
            placeholder="Choose a type"
            options={RESOURCE_TYPES.map((t) => ({ value: t.value, label: TYPE_LABELS[t.value] ?? t.label }))}
            defaultValue={textValue(values, "type")}
            error={errors.type}
          />
          <TextField
            name="author"
            label="Author"
            maxLength={200}
            defaultValue={textValue(values, "author")}
            error={errors.author}
          />
        </div>
        <TextField
          name="url"
          label="URL"
          type="url"
          required
          defaultValue={textValue(values, "url")}
          error={errors.url}
          placeholder="https://"
        />
        <TextAreaField
          name="description"
          label="Description"
          rows={5}
          maxLength={2000}
          defaultValue={textValue(values, "description")}
          error={errors.description}
        />
        <MediaUrlField
          name="imageUrl"
          label="Image URL"
          defaultValue={textValue(values, "imageUrl")}
          error={errors.imageUrl}
          hint="A full address, a path such as /media/..., or an image from the media library."
          pickerLabel="image"
        />
        <CheckboxGroup
          name="focusAreas"
          legend="Focus areas"
          groups={focusAreaGroups(focusAreas)}
          defaultValues={listValue(values, "focusAreas")}
          error={errors.focusAreas}
        />
        <div className="flex gap-3">
          <SubmitButton pending={submitting}>{resourceTitle ? "Save changes" : "Create resource"}</SubmitButton>
          <Link to={LIST} className={buttonClasses.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to resources" />;
}
