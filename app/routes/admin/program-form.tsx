import { EntryFormErrorBoundary, EntryFormPage, entryFormMeta } from "~/components/admin/content/entry-form";
import { NameClashLink } from "~/components/admin/content/name-clash-link";
import { useEntryForm } from "~/components/admin/content/use-entry-form";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import { InstructionLanguagesField } from "~/components/forms/instruction-languages-field";
import { DEFAULT_LANGUAGE } from "~/lib/i18n/languages";
import { instructionLanguageOptions } from "~/lib/instruction-languages";
import { type FormValues, listValue } from "~/lib/schemas/form";
import { PROGRAM_FORMATS, PROGRAM_HOST_UNKNOWN, ProgramSchema, priceText } from "~/lib/schemas/program";
import { entryFormValues, loadFormEntry, readEntryPost, saveEntryForm } from "~/services/entries/entry-forms.server";
import { namedEntryInput, refuseEntryPost, uniqueName } from "~/services/entries/entry-post-checks.server";
import {
  getLocationIdsByNames,
  getLocationNamesByIds,
  getProgramById,
  listLocationNames,
  type ProgramInput,
  type ProgramRow,
} from "~/services/entries/reads.server";
import { listFocusAreas } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/program-form";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const loaded = await loadFormEntry(context.services, "program", { params, find: getProgramById });
  const { entry: program, history, labels } = loaded;
  const [focusAreas, locationNames, hostName] = await Promise.all([
    listFocusAreas(db),
    listLocationNames(db, 1000),
    program?.locationId ? getLocationNamesByIds(db, [program.locationId]) : [],
  ]);
  return {
    history,
    labels,
    entry: loaded.shown,
    saved: program ? toFormValues(program, hostName[0] ?? "") : null,
    focusAreas,
    locationNames,
    // Staff's screens are English: the languages named in English, in its alphabetical order.
    instructionLanguages: instructionLanguageOptions(DEFAULT_LANGUAGE),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const post = await readEntryPost(context.services, request, { kind: "program", params });
  if (post.response) return post.response;
  const { id, v } = post;
  const errors: Record<string, string> = {};
  let locationId: string | null = null;
  if (v.hostLocation) {
    locationId = (await getLocationIdsByNames(db, [v.hostLocation])).get(v.hostLocation) ?? null;
    if (!locationId) errors.hostLocation = PROGRAM_HOST_UNKNOWN;
  }
  const refused = await refuseEntryPost(context.services, post, errors);
  if (refused) return refused;

  // Only parsed fields reach the database; anything else posted is ignored.
  const input: ProgramInput = namedEntryInput(post, {
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
    instructionLanguages: v.instructionLanguages,
    imageUrl: v.imageUrl,
  });
  return saveEntryForm(context.services, user, post, input, {
    unique: uniqueName(context.services, "program", v.name, id),
  });
}

function toFormValues(p: ProgramRow, hostName: string): FormValues {
  return entryFormValues("program", p, {
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
    instructionLanguages: p.instructionLanguages,
    imageUrl: p.imageUrl ?? "",
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => entryFormMeta("program", loaderData?.entry?.name);

export default function ProgramFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locationNames, instructionLanguages } = loaderData;
  const form = useEntryForm(ProgramSchema, loaderData.saved, actionData);
  const { values, errors, field } = form;
  return (
    <EntryFormPage kind="program" data={loaderData} form={form} wide>
      <TextField
        {...field("name")}
        label="Name"
        required
        maxLength={120}
        hint="The public page address is the name with hyphens for spaces."
      />
      <NameClashLink clash={actionData && "nameClash" in actionData ? actionData.nameClash : undefined} />
      <TextAreaField {...field("summary")} label="Summary" rows={2} maxLength={300} />
      <TextAreaField
        {...field("description")}
        label="Description"
        rows={8}
        maxLength={10_000}
        hint="Separate paragraphs with a blank line."
      />
      <div>
        <TextField
          {...field("hostLocation")}
          label="Host location"
          list="location-names"
          hint="Type the location's exact name (suggestions appear as you type). Leave blank for online programs."
        />
        <datalist id="location-names">
          {locationNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField {...field("startDate")} label="Start date" type="date" />
        <TextField {...field("endDate")} label="End date" type="date" />
        <SelectField {...field("format", "in-person")} label="Format" options={PROGRAM_FORMATS} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          {...field("price")}
          label="Price"
          inputMode="decimal"
          hint="For example 250 or 99.50. Leave blank when free."
        />
        <TextField
          {...field("currency", "USD")}
          label="Currency"
          maxLength={3}
          hint="Three-letter ISO 4217 code, e.g. USD, EUR."
        />
        <TextField
          {...field("capacity")}
          label="Capacity"
          type="number"
          min="1"
          step="1"
          hint="Number of places; blank when open."
        />
      </div>
      <TextAreaField {...field("educators")} label="Educators" rows={3} hint="One name per line." />
      <InstructionLanguagesField
        name="instructionLanguages"
        legend="Languages of instruction"
        moreLabel="More languages"
        hint="The languages the course is taught in (the page says “Taught in …” and the list of programs filters by them); not the language this entry is written in, which is chosen under “Language and translations”."
        options={instructionLanguages}
        chosen={listValue(values, "instructionLanguages")}
        error={errors.instructionLanguages}
      />
      <TextField
        {...field("applicationUrl")}
        label="Booking link"
        type="url"
        placeholder="https://"
        hint="Where people book a place on this course with its host; the page shows it as “Book this course”."
      />
      <MediaUrlField
        {...field("imageUrl")}
        label="Image URL"
        pickerLabel="image"
        note="its WebP copies are served automatically"
      />
    </EntryFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EntryFormErrorBoundary kind="program" error={error} />;
}
