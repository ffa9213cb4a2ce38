import { Form } from "react-router";
import { bindFields, FormActions } from "~/components/admin/content/content-form";
import { TranslationFields } from "~/components/admin/content/translation-fields";
import { useFormErrors } from "~/components/admin/content/use-form-errors";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { CheckboxField, ErrorSummary, TextAreaField, TextField } from "~/components/forms/form-field";
import { translationLabels } from "~/lib/i18n/entry-translations";
import { EpisodeSchema } from "~/lib/schemas/episode";
import type { FormValues } from "~/lib/schemas/form";

const LABELS: Record<string, string> = {
  number: "Episode number",
  title: "Title",
  summary: "Summary",
  showNotes: "Show notes",
  guest: "Guest",
  audioUrl: "Audio URL",
  imageUrl: "Image URL",
  duration: "Duration",
  publishedAt: "Published date",
  ...translationLabels("episode"),
};

/** The podcast screen's form that adds or edits one episode, and offers to e-mail it to the subscribers once. */
export function EpisodeEditor({
  id,
  values,
  serverErrors,
  cancelHref,
  announcedAt,
  announcedTo,
  subscribers,
}: {
  id: string | null;
  values: FormValues;
  serverErrors?: Record<string, string>;
  cancelHref: string;
  /** When the episode was e-mailed to subscribers, and to how many; null while it never was. */
  announcedAt: string | null;
  announcedTo: number;
  /** Confirmed subscribers now: who would get it. */
  subscribers: number;
}) {
  // A new episode is e-mailed unless staff untick it (an older one added to the archive, say); a saved one that was
  // never e-mailed can be, once. A form sent back with a mistake keeps what staff chose.
  const announceChecked = values.intent !== undefined ? values.announce === "on" : id === null;
  const { errors, onSubmit } = useFormErrors(EpisodeSchema, serverErrors);
  const field = bindFields(values, errors);
  return (
    <section aria-labelledby="episode-editor-title" className="mb-8 rounded-lg border border-stone-300 bg-white p-5">
      <h2 id="episode-editor-title" className="mb-4 text-xl font-semibold">
        {id ? "Edit episode" : "Add episode"}
      </h2>
      <ErrorSummary errors={errors} labels={LABELS} />
      <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="episode-editor-title">
        <input type="hidden" name="intent" value="save" />
        {id ? <input type="hidden" name="id" value={id} /> : null}
        <div className="grid gap-4 sm:grid-cols-4">
          <TextField {...field("number")} label="Episode number" type="number" min="1" step="1" required />
          <TextField {...field("duration")} label="Duration" required hint="mm:ss, h:mm:ss or seconds" />
          <TextField
            {...field("publishedAt", new Date().toISOString().slice(0, 10))}
            label="Published date"
            type="date"
            required
          />
          <TextField {...field("guest")} label="Guest" maxLength={200} />
        </div>
        <TextField {...field("title")} label="Title" required maxLength={200} />
        <TextAreaField {...field("summary")} label="Summary" rows={2} maxLength={1000} />
        <TextAreaField {...field("showNotes")} label="Show notes" rows={6} maxLength={20_000} />
        <MediaUrlField
          kind="audio"
          {...field("audioUrl")}
          label="Audio URL"
          hint="An MP3 address, a path such as /media/..., or an audio file from the media library."
          pickerLabel="audio file"
        />
        <MediaUrlField
          {...field("imageUrl")}
          label="Image URL"
          hint="Cover art for podcast apps (square, at least 1400 pixels wide is best)."
          pickerLabel="image"
        />
        <TranslationFields kind="episode" values={values} errors={errors} savedLanguage={undefined} />
        {announcedAt ? (
          <p className="text-sm text-stone-700">
            E-mailed to {announcedTo} {announcedTo === 1 ? "subscriber" : "subscribers"} on{" "}
            <time dateTime={announcedAt}>{announcedAt.slice(0, 10)}</time>. An episode is e-mailed once.
          </p>
        ) : (
          <CheckboxField
            name="announce"
            label={`E-mail this episode to the ${subscribers} confirmed podcast ${subscribers === 1 ? "subscriber" : "subscribers"} when it is saved`}
            hint="Each gets one e-mail in the language they signed up in, with the episode's translated title and summary where there is one. An episode is e-mailed once."
            defaultChecked={announceChecked}
          />
        )}
        <FormActions submitLabel={id ? "Save episode" : "Create episode"} cancelHref={cancelHref} />
      </Form>
    </section>
  );
}
