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
import {
  PROGRAM_FORMATS,
  PROGRAM_HOST_UNKNOWN,
  PROGRAM_NAME_TAKEN,
  ProgramSchema,
  priceText,
} from "../../lib/schemas/program";
import { programPath } from "../../lib/slug";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import { getLocationIdsByNames, getLocationNamesByIds, listLocationNames } from "../../queries/locations.server";
import {
  createProgram,
  getProgramById,
  isProgramNameTaken,
  type ProgramInput,
  type ProgramRow,
  updateProgram,
} from "../../queries/programs.server";
import { listFocusAreas } from "../../queries/reference.server";
import type { Route } from "./+types/program-form";

const LIST = "/admin/dashboard/programs";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const id = "id" in params ? params.id : undefined;
  const program = id ? await getProgramById(db, id) : null;
  if (id && !program) throw data("No program with this id exists. It may have been deleted.", { status: 404 });
  const [focusAreas, locationNames, hostName] = await Promise.all([
    listFocusAreas(db),
    listLocationNames(db, 1000),
    program?.locationId ? getLocationNamesByIds(db, [program.locationId]) : [],
  ]);
  return {
    program: program ? toFormValues(program, hostName[0] ?? "") : null,
    programName: program?.name ?? null,
    focusAreas,
    locationNames,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const id = "id" in params ? params.id : undefined;
  if (id && !(await getProgramById(db, id))) throw data("No program with this id exists.", { status: 404 });
  const values = formDataToObject(await request.formData());
  const parsed = ProgramSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const v = parsed.data;
  const errors: Record<string, string> = {};
  let locationId: string | null = null;
  if (v.hostLocation) {
    locationId = (await getLocationIdsByNames(db, [v.hostLocation])).get(v.hostLocation) ?? null;
    if (!locationId) errors.hostLocation = PROGRAM_HOST_UNKNOWN;
  }
  const known = new Set((await listFocusAreas(db)).map((f) => f.id));
  if (v.focusAreas.some((f) => !known.has(f))) errors.focusAreas = "Please choose focus areas from the list.";
  if (await isProgramNameTaken(db, v.name, id)) errors.name = PROGRAM_NAME_TAKEN;
  if (Object.keys(errors).length > 0) return data({ errors, values }, { status: 400 });

  // Only parsed fields reach the database; anything else posted is ignored.
  const input: ProgramInput = {
    name: v.name,
    summary: v.summary,
    description: v.description,
    locationId,
    startDate: v.startDate,
    endDate: v.endDate,
    format: v.format,
    priceCents: v.price,
    currency: v.currency,
    educators: v.educators,
    applicationUrl: v.applicationUrl,
    capacity: v.capacity,
    focusAreas: v.focusAreas,
    imageUrl: v.imageUrl,
  };
  let savedId: string;
  try {
    if (id) {
      await updateProgram(db, id, input);
      savedId = id;
    } else {
      savedId = await createProgram(db, input);
    }
  } catch (err) {
    if (await isProgramNameTaken(db, v.name, id)) {
      return data({ errors: { name: PROGRAM_NAME_TAKEN }, values }, { status: 400 });
    }
    throw err;
  }
  await recordAudit(
    db,
    {
      user,
      action: id ? "update" : "create",
      entity: "program",
      entityId: savedId,
      summary: `${id ? "Updated" : "Created"} program "${v.name}"`,
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  await notifyContentChanged(context.services, "programs");
  return redirectWithToast(LIST, "Program saved");
}

function toFormValues(p: ProgramRow, hostName: string): FormValues {
  return {
    name: p.name,
    summary: p.summary,
    description: p.description,
    hostLocation: hostName,
    startDate: p.startDate ?? "",
    endDate: p.endDate ?? "",
    format: p.format,
    price: priceText(p.priceCents),
    currency: p.currency,
    educators: p.educators.join("\n"),
    applicationUrl: p.applicationUrl ?? "",
    capacity: p.capacity === null ? "" : String(p.capacity),
    focusAreas: p.focusAreas,
    imageUrl: p.imageUrl ?? "",
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.programName ? `Edit ${loaderData.programName}` : "Add program";
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

const LABELS: Record<string, string> = {
  name: "Name",
  summary: "Summary",
  description: "Description",
  hostLocation: "Host location",
  startDate: "Start date",
  endDate: "End date",
  format: "Format",
  price: "Price",
  currency: "Currency",
  educators: "Educators",
  applicationUrl: "Application URL",
  capacity: "Capacity",
  focusAreas: "Focus areas",
  imageUrl: "Image URL",
};

export default function ProgramFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { focusAreas, locationNames, programName } = loaderData;
  const values: FormValues = actionData?.values ?? loaderData.program ?? {};
  const submitting = useSubmitting();
  const { errors, onSubmit } = useFormErrors(ProgramSchema, actionData?.errors);
  return (
    <div className="max-w-4xl">
      <p className="mb-2">
        <Link to={LIST} className={buttonClasses.link}>
          Back to programs
        </Link>
      </p>
      <PageHeader
        title={programName ? `Edit program: ${programName}` : "Add program"}
        action={
          programName ? (
            <a className={buttonClasses.link} href={programPath(programName)} target="_blank" rel="noreferrer">
              View public page
            </a>
          ) : null
        }
      />
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6" aria-label="Program details">
        <TextField
          name="name"
          label="Name"
          required
          maxLength={120}
          defaultValue={textValue(values, "name")}
          error={errors.name}
          hint="The public page address is the name with hyphens for spaces."
        />
        <TextAreaField
          name="summary"
          label="Summary"
          rows={2}
          maxLength={300}
          defaultValue={textValue(values, "summary")}
          error={errors.summary}
        />
        <TextAreaField
          name="description"
          label="Description"
          rows={8}
          maxLength={10_000}
          defaultValue={textValue(values, "description")}
          error={errors.description}
          hint="Separate paragraphs with a blank line."
        />
        <div>
          <TextField
            name="hostLocation"
            label="Host location"
            list="location-names"
            defaultValue={textValue(values, "hostLocation")}
            error={errors.hostLocation}
            hint="Type the location's exact name (suggestions appear as you type). Leave blank for online programs."
          />
          <datalist id="location-names">
            {locationNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="startDate"
            label="Start date"
            type="date"
            defaultValue={textValue(values, "startDate")}
            error={errors.startDate}
          />
          <TextField
            name="endDate"
            label="End date"
            type="date"
            defaultValue={textValue(values, "endDate")}
            error={errors.endDate}
          />
          <SelectField
            name="format"
            label="Format"
            options={PROGRAM_FORMATS}
            defaultValue={textValue(values, "format") || "in-person"}
            error={errors.format}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="price"
            label="Price"
            inputMode="decimal"
            defaultValue={textValue(values, "price")}
            error={errors.price}
            hint="For example 250 or 99.50. Leave blank when free."
          />
          <TextField
            name="currency"
            label="Currency"
            maxLength={3}
            defaultValue={textValue(values, "currency") || "USD"}
            error={errors.currency}
            hint="Three-letter ISO 4217 code, e.g. USD, EUR."
          />
          <TextField
            name="capacity"
            label="Capacity"
            type="number"
            min="1"
            step="1"
            defaultValue={textValue(values, "capacity")}
            error={errors.capacity}
            hint="Number of places; blank when open."
          />
        </div>
        <TextAreaField
          name="educators"
          label="Educators"
          rows={3}
          defaultValue={textValue(values, "educators")}
          error={errors.educators}
          hint="One name per line."
        />
        <TextField
          name="applicationUrl"
          label="Application URL"
          type="url"
          defaultValue={textValue(values, "applicationUrl")}
          error={errors.applicationUrl}
          placeholder="https://"
        />
        <MediaUrlField
          name="imageUrl"
          label="Image URL"
          defaultValue={textValue(values, "imageUrl")}
          error={errors.imageUrl}
          hint="A full address, a path such as /media/..., or an image from the media library (its WebP copies are served automatically)."
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
          <SubmitButton pending={submitting}>{programName ? "Save changes" : "Create program"}</SubmitButton>
          <Link to={LIST} className={buttonClasses.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={LIST} listLabel="Back to programs" />;
}
