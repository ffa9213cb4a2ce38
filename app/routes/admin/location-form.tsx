import { type ComponentProps, useState } from "react";
import { Form } from "react-router";
import { EntryFormErrorBoundary, EntryFormPage, entryFormMeta } from "~/components/admin/content/entry-form";
import { LikelyDuplicates } from "~/components/admin/content/likely-duplicates";
import { NameClashLink } from "~/components/admin/content/name-clash-link";
import { useEntryForm } from "~/components/admin/content/use-entry-form";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { formatDate } from "~/components/admin/shell/format";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/form-field";
import { PlacePositionFields, usePlacePosition } from "~/components/public/place-position-fields";
import { type FormValues, textValue } from "~/lib/schemas/form";
import { checkLocationReferences, LOCATION_LIMITS, LocationSchema } from "~/lib/schemas/location";
import { MARKER_TYPES } from "~/lib/taxonomy";
import { findApplicationFor } from "~/services/contributions/applications.server";
import { tellPlacePublished } from "~/services/contributions/contribution-outcome.server";
import { findLikelyDuplicates } from "~/services/entries/duplicates.server";
import { entryFormValues, loadFormEntry, readEntryPost, saveEntryForm } from "~/services/entries/entry-forms.server";
import { namedEntryInput, refuseEntryPost, uniqueName } from "~/services/entries/entry-post-checks.server";
import { getLocationById, type LocationInput } from "~/services/entries/reads.server";
import { resolvePicture } from "~/services/entries/stored-image.server";
import { loadReferenceData } from "~/services/site/reference.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/location-form";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const [ref, loaded] = await Promise.all([
    loadReferenceData(context.services),
    loadFormEntry(context.services, "location", {
      params,
      find: getLocationById,
      labels: { contactAddress: "Address" },
    }),
  ]);
  const { id, entry: location, history } = loaded;
  const fromApplication = id ? await findApplicationFor(db, "location", id) : null;
  const duplicates = location ? await findLikelyDuplicates(db, location, { excludeId: location.id }) : [];
  return {
    history,
    fromApplication,
    duplicates,
    labels: loaded.labels,
    entry: loaded.shown,
    saved: location ? toFormValues(location) : null,
    check: location
      ? {
          id: location.id,
          checkedAt: location.checkedAt.toISOString(),
          requestedAt: location.checkRequestedAt?.toISOString() ?? null,
          hasContact: Boolean(location.contactEmail?.trim()),
        }
      : null,
    regions: ref.regions.map((r) => ({ id: r.id, name: r.name })),
    subRegions: ref.subRegions.map((s) => ({ id: s.id, name: s.name, regionId: s.regionId })),
    focusAreas: ref.focusAreas.map((f) => ({ id: f.id, name: f.name, categoryId: f.categoryId })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const post = await readEntryPost(context.services, request, { kind: "location", params });
  if (post.response) return post.response;
  const { id, stored: existing, v } = post;
  const ref = await loadReferenceData(context.services);
  const errors = checkLocationReferences(v, ref);
  // Its focus areas are checked with its other references.
  const refused = await refuseEntryPost(context.services, post, errors, { focusAreas: false });
  if (refused) return refused;

  const size = await imageSize(context.services, v, existing);
  // Built from the parsed schema output only: any extra posted field (id, createdAt, role...) is ignored.
  const input: LocationInput = namedEntryInput(post, {
    shortDescription: v.shortDescription,
    longDescription: v.longDescription,
    originalImageUrl: v.originalImageUrl,
    webpImageUrl: v.webpImageUrl,
    imageWidth: size.width,
    imageHeight: size.height,
    website: v.website,
    country: v.country,
    regionId: v.regionId,
    regionName: v.regionId ? (ref.regionsById.get(v.regionId)?.name ?? "") : "",
    subRegionId: v.subRegionId,
    contactEmail: v.contactEmail,
    contactPhone: v.contactPhone,
    contactAddress: v.contactAddress,
    contactCity: v.contactCity,
    contactState: v.contactState,
    contactZipCode: v.contactZipCode,
    focusAreas: v.focusAreas,
    latitude: v.latitude,
    longitude: v.longitude,
    markerType: v.markerType,
    featured: v.featured,
  });
  return saveEntryForm(context.services, user, post, input, {
    unique: uniqueName(context.services, "location", v.name, id),
    // A new place that looks like one already listed opens on its own screen, where the likely duplicates are shown.
    afterSave: async (savedId) => {
      // A place made from a visitor's suggestion, now published: the visitor is told, once (decision 058).
      if (input.status === "published") await tellPlacePublished(context.services, savedId);
      if (id) return null;
      const alike = await findLikelyDuplicates(db, input, { excludeId: savedId, limit: 5 });
      if (alike.length === 0) return null;
      return {
        to: `/admin/dashboard/edit/${savedId}`,
        toast: `Location saved. It looks like ${alike.length === 1 ? "a place" : `${alike.length} places`} already listed: see Possible duplicates.`,
      };
    },
  });
}

/**
 * The stored pixel size of the location's image, which list cards and the public page use to reserve its space.
 * It is read from the media library's own record of the file (never taken from the form); an unchanged URL keeps the
 * size it had (demo images were measured when seeded), and any other address has no known size.
 */
async function imageSize(
  services: Route.ActionArgs["context"]["services"],
  v: { originalImageUrl: string | null; webpImageUrl: string | null },
  existing: Awaited<ReturnType<typeof getLocationById>>,
): Promise<{ width: number | null; height: number | null }> {
  if (!v.originalImageUrl) return { width: null, height: null };
  if (existing && existing.originalImageUrl === v.originalImageUrl && existing.imageWidth && existing.imageHeight) {
    return { width: existing.imageWidth, height: existing.imageHeight };
  }
  const pic = await resolvePicture(
    services,
    services.storage?.bucket,
    { original: v.originalImageUrl, webp: v.webpImageUrl },
    (err) => services.logger.warn({ err }, "image size lookup failed"),
  );
  return { width: pic.width, height: pic.height };
}

function toFormValues(row: NonNullable<Awaited<ReturnType<typeof getLocationById>>>): FormValues {
  const s = (v: string | number | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return entryFormValues("location", row, {
    name: row.name,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    originalImageUrl: s(row.originalImageUrl),
    webpImageUrl: s(row.webpImageUrl),
    website: s(row.website),
    country: row.country,
    regionId: s(row.regionId),
    subRegionId: s(row.subRegionId),
    contactEmail: s(row.contactEmail),
    contactPhone: s(row.contactPhone),
    contactAddress: s(row.contactAddress),
    contactCity: s(row.contactCity),
    contactState: s(row.contactState),
    contactZipCode: s(row.contactZipCode),
    latitude: s(row.latitude),
    longitude: s(row.longitude),
    markerType: row.markerType,
    featured: row.featured ? "on" : "",
  });
}

export const meta = ({ loaderData }: Route.MetaArgs) => entryFormMeta("location", loaderData?.entry?.name);

export default function LocationFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { regions, subRegions, focusAreas, check } = loaderData;
  const ref = { regions, subRegions, focusAreas };
  const form = useEntryForm(LocationSchema, loaderData.saved, actionData, (v) => checkLocationReferences(v, ref));
  const { values, errors, field } = form;
  const [regionId, setRegionId] = useState(textValue(values, "regionId"));
  const [subRegionId, setSubRegionId] = useState(textValue(values, "subRegionId"));
  const position = usePlacePosition(textValue(values, "latitude"), textValue(values, "longitude"));
  const subOptions = subRegions.filter((s) => s.regionId === regionId);

  return (
    <EntryFormPage
      kind="location"
      data={loaderData}
      form={form}
      wide
      notices={check ? <EntryCheck check={check} duplicates={loaderData.duplicates} /> : null}
    >
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-stone-900">Basics</legend>
        <TextField
          {...field("name")}
          label="Name"
          required
          maxLength={LOCATION_LIMITS.name}
          hint="The public page address is the name with hyphens for spaces."
        />
        <NameClashLink clash={actionData && "nameClash" in actionData ? actionData.nameClash : undefined} />
        <TextAreaField
          {...field("shortDescription")}
          label="Short description"
          rows={2}
          maxLength={LOCATION_LIMITS.shortDescription}
          hint={`Shown in lists and search results; up to ${LOCATION_LIMITS.shortDescription} characters.`}
        />
        <TextAreaField
          {...field("longDescription")}
          label="Long description"
          rows={8}
          maxLength={LOCATION_LIMITS.longDescription}
          hint="Separate paragraphs with a blank line."
        />
        <TextField {...field("website")} label="Website" type="url" placeholder="https://" />
        <MediaUrlField
          {...field("originalImageUrl")}
          label="Original image URL"
          formats="JPEG or PNG"
          pickerLabel="image"
          webpField={{
            ...field("webpImageUrl"),
            hint: "Served first to browsers that support WebP; filled in when you choose from the media library.",
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...field("markerType", "standard")}
            label="Marker type"
            options={MARKER_TYPES.map((m) => ({ value: m, label: m }))}
          />
          <CheckboxField
            name="featured"
            label="Featured (shown first on the home page)"
            defaultChecked={textValue(values, "featured") === "on"}
            error={errors.featured}
            className="sm:pt-7"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-stone-900">Place</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...field("country")} label="Country" maxLength={LOCATION_LIMITS.country} />
          <SelectField
            name="regionId"
            label="Region"
            placeholder="No region"
            options={regions.map((r) => ({ value: r.id, label: r.name }))}
            value={regionId}
            onChange={(v) => {
              setRegionId(v);
              if (!subRegions.some((s) => s.id === subRegionId && s.regionId === v)) setSubRegionId("");
            }}
            error={errors.regionId}
          />
          <SelectField
            name="subRegionId"
            label="Sub-region"
            placeholder={regionId ? "No sub-region" : "Choose a region first"}
            options={subOptions.map((s) => ({ value: s.id, label: s.name }))}
            value={subRegionId}
            onChange={setSubRegionId}
            error={errors.subRegionId}
            hint="Only the sub-regions of the chosen region are listed."
          />
        </div>
        <PlacePositionFields
          {...position}
          errors={errors}
          labels={{ latitude: "Latitude", longitude: "Longitude" }}
          hints={{ latitude: "From -90 (south) to 90 (north).", longitude: "From -180 (west) to 180 (east)." }}
          submits={false}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-stone-900">Contact</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field("contactEmail")} label="Contact e-mail" type="email" />
          <TextField {...field("contactPhone")} label="Contact phone" type="tel" />
        </div>
        <TextField {...field("contactAddress")} label="Address" />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...field("contactCity")} label="City" />
          <TextField {...field("contactState")} label="State or province" />
          <TextField {...field("contactZipCode")} label="ZIP or postal code" />
        </div>
      </fieldset>
    </EntryFormPage>
  );
}

type Check = { id: string; checkedAt: string; requestedAt: string | null; hasContact: boolean };

/** A saved place's likely duplicates and its entry check: when it was last checked, and asking its contact now. */
function EntryCheck({
  check,
  duplicates,
}: {
  check: Check;
  duplicates: ComponentProps<typeof LikelyDuplicates>["items"];
}) {
  return (
    <>
      <LikelyDuplicates items={duplicates} mergeAction={`/admin/dashboard/edit/${check.id}/merge`} />
      <section aria-labelledby="check-heading" className="mb-8 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="check-heading" className="text-lg font-semibold text-stone-900">
          Entry check
        </h2>
        <p className="mt-1 text-stone-700">
          Last checked {formatDate(check.checkedAt)}
          {check.requestedAt ? `; its contact was last asked to confirm on ${formatDate(check.requestedAt)}` : ""}.
          Saving this form counts as a check; the contact is asked by e-mail when a year passes without one.
        </p>
        <Form method="post" action={`/admin/dashboard/edit/${check.id}/check`} className="mt-3">
          {check.hasContact ? (
            <button
              type="submit"
              className="rounded-lg border border-leaf-700 px-4 py-2 font-semibold text-leaf-800 hover:bg-leaf-50"
            >
              Ask the contact to confirm now
            </button>
          ) : (
            <p className="text-stone-700">Add a contact e-mail to be able to ask the place to confirm its entry.</p>
          )}
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <EntryFormErrorBoundary kind="location" error={error} />;
}
