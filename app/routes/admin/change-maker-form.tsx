import { EntryFormErrorBoundary, EntryFormPage, entryFormMeta } from "~/components/admin/content/entry-form";
import { useEntryForm } from "~/components/admin/content/use-entry-form";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { fieldIds, TextAreaField, TextField } from "~/components/forms/form-field";
import { ChangeMakerSchema, MAX_LINKS } from "~/lib/schemas/change-maker";
import { type FormValues, listValue } from "~/lib/schemas/form";
import { findApplicationFor } from "~/services/contributions/applications.server";
import { entryFormValues, loadFormEntry, readEntryPost, saveEntryForm } from "~/services/entries/entry-forms.server";
import { namedEntryInput, refuseEntryPost } from "~/services/entries/entry-post-checks.server";
import {
  type ChangeMakerInput,
  type ChangeMakerRow,
  getChangeMakerById,
  getLocationIdsByNames,
  getLocationNamesByIds,
} from "~/services/entries/reads.server";
import { listFocusAreas } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/change-maker-form";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const loaded = await loadFormEntry(context.services, "change-maker", { params, find: getChangeMakerById });
  const { id, entry: person, history, labels } = loaded;
  const [focusAreas, related] = await Promise.all([
    listFocusAreas(db),
    person ? getLocationNamesByIds(db, person.relatedLocationIds) : [],
  ]);
  const fromApplication = id ? await findApplicationFor(db, "change-maker", id) : null;
  return {
    history,
    fromApplication,
    labels,
    entry: loaded.shown,
    saved: person ? toFormValues(person, related) : null,
    focusAreas,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const post = await readEntryPost(context.services, request, { kind: "change-maker", params });
  if (post.response) return post.response;
  const { v } = post;
  const errors: Record<string, string> = {};
  const ids = await getLocationIdsByNames(db, v.relatedLocations);
  const unknown = v.relatedLocations.filter((n) => !ids.has(n));
  if (unknown.length > 0) errors.relatedLocations = `No location is named: ${unknown.slice(0, 5).join(", ")}.`;
  const refused = await refuseEntryPost(context.services, post, errors);
  if (refused) return refused;

  const input: ChangeMakerInput = namedEntryInput(post, {
    role: v.role,
    bio: v.bio,
    country: v.country,
    photoUrl: v.photoUrl,
    webpPhotoUrl: v.webpPhotoUrl,
    links: v.links,
    relatedLocationIds: v.relatedLocations.map((n) => ids.get(n) as string),
    focusAreas: v.focusAreas,
  });
  return saveEntryForm(context.services, user, post, input);
}

function toFormValues(p: ChangeMakerRow, related: string[]): FormValues {
  return entryFormValues("change-maker", p, {
    name: p.name,
    role: p.role,
    bio: p.bio,
    country: p.country,
    photoUrl: p.photoUrl ?? "",
    webpPhotoUrl: p.webpPhotoUrl ?? "",
    linkLabel: p.links.map((l) => l.label),
    linkUrl: p.links.map((l) => l.url),
    relatedLocations: related.join("\n"),
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => entryFormMeta("change-maker", loaderData?.entry?.name);

export default function ChangeMakerFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = useEntryForm(ChangeMakerSchema, loaderData.saved, actionData);
  const { values, errors, field } = form;
  // Each link is a label and an address, side by side.
  const linkParts = [
    { id: "link-label", name: "linkLabel", label: "label", values: listValue(values, "linkLabel"), maxLength: 80 },
    { id: "link-url", name: "linkUrl", label: "URL", values: listValue(values, "linkUrl"), type: "url" },
  ];
  const linkIds = fieldIds("links");
  return (
    <EntryFormPage kind="change-maker" data={loaderData} form={form}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field("name")} label="Name" required maxLength={120} />
        <TextField {...field("role")} label="Role" maxLength={120} hint="For example: Permaculture teacher" />
      </div>
      <TextAreaField {...field("bio")} label="Biography" rows={8} maxLength={10_000} />
      <TextField {...field("country")} label="Country" maxLength={80} />
      <MediaUrlField
        {...field("photoUrl")}
        label="Photo URL"
        formats="JPEG or PNG"
        pickerLabel="photo"
        webpField={field("webpPhotoUrl")}
      />
      <fieldset
        id={linkIds.id}
        tabIndex={-1}
        aria-describedby={errors.links ? linkIds.errorId : undefined}
        className="space-y-2"
      >
        <legend className="text-sm font-semibold text-stone-800">Links (up to {MAX_LINKS})</legend>
        {Array.from({ length: MAX_LINKS }, (_, i) => i).map((i) => (
          <div key={`link-${i}`} className="grid gap-2 sm:grid-cols-[1fr_2fr]">
            {linkParts.map((part) => (
              <div key={part.name}>
                <label htmlFor={`${part.id}-${i}`} className="block text-sm">
                  {`Link ${i + 1} ${part.label}`}
                </label>
                <input
                  id={`${part.id}-${i}`}
                  name={part.name}
                  type={part.type}
                  maxLength={part.maxLength}
                  defaultValue={part.values[i] ?? ""}
                  className="mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-2"
                />
              </div>
            ))}
          </div>
        ))}
        {errors.links ? (
          <p id={linkIds.errorId} className="text-sm font-medium text-red-800">
            {errors.links}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        {...field("relatedLocations")}
        label="Related locations"
        rows={3}
        hint="Exact location names, one per line."
      />
    </EntryFormPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EntryFormErrorBoundary kind="change-maker" error={error} />;
}
