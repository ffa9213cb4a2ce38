import { data, Form } from "react-router";
import { AddLink, AdminErrorBoundary, PageHeader } from "~/components/admin/content/admin-page";
import { bindFields, FormActions } from "~/components/admin/content/content-form";
import { actionsColumn, ContentTable, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { FilterTabs } from "~/components/admin/content/filter-tabs";
import { readListQuery } from "~/components/admin/content/list-query";
import { SearchForm } from "~/components/admin/content/search-form";
import { TranslationFields } from "~/components/admin/content/translation-fields";
import { useFormErrors } from "~/components/admin/content/use-form-errors";
import type { Column } from "~/components/admin/data-table";
import { MediaUrlField } from "~/components/admin/media/media-url-field";
import { buttonClasses, CheckboxField, ErrorSummary, TextAreaField, TextField } from "~/components/forms/form-field";
import { exportHref as csvExportHref } from "~/lib/admin-exports";
import { ADMIN_LONG_PAGE_SIZE } from "~/lib/constants";
import { readEntryLanguageForm, translationFormValues, translationLabels } from "~/lib/i18n/entry-translations";
import { fieldErrors } from "~/lib/schemas";
import { EPISODE_NUMBER_TAKEN, EpisodeSchema, formatDuration } from "~/lib/schemas/episode";
import {
  checkbox,
  type FormValues,
  formDataToObject,
  formId,
  optionalFormId,
  refuseMissingFields,
} from "~/lib/schemas/form";
import { readForm } from "~/server-lib/form.server";
import { parseDownloadUrl } from "~/lib/storage/download-url";
import { downloadTokenList } from "~/lib/storage/paths";
import { z } from "~/lib/zod";
import { deleteContent, invalid, saveContent } from "~/services/content-actions.server";
import { requireAdmin } from "~/services/guard.server";
import {
  announceEpisode,
  countPodcastSubscriptionsByState,
  countPodcastSubscriptionsMatching,
  createEpisode,
  deleteEpisode,
  type EpisodeInput,
  type EpisodeRow,
  getEpisodeById,
  isEpisodeNumberTaken,
  listEpisodes,
  listPodcastSubscriptions,
  type PodcastSubscriberState,
  updateEpisode,
} from "~/services/podcast.server";
import type { Route } from "./+types/podcast";

const PAGE = "/admin/dashboard/podcast";
const SUBS_PAGE_SIZE = ADMIN_LONG_PAGE_SIZE;
const DELETE_DESCRIPTION = "The episode disappears from the podcast page and feed.";

/** The subscriber list shows confirmed subscribers (those who get episodes) unless staff pick another state. */
type SubscriberView = PodcastSubscriberState | "all";
// Listed here, not imported from the service: the page's component uses them, and a server module cannot reach it.
const SUBSCRIBER_VIEWS: readonly SubscriberView[] = ["confirmed", "awaiting", "all"];
const SUBSCRIBER_VIEW_LABELS: Record<SubscriberView, string> = {
  confirmed: "Confirmed",
  awaiting: "Awaiting confirmation",
  all: "All",
};
function parseSubscriberView(value: string | null): SubscriberView {
  return SUBSCRIBER_VIEWS.find((v) => v === value) ?? "confirmed";
}

const AUDIO_TYPES_BY_EXTENSION: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
};

/**
 * The feed's enclosure needs the audio's type and length. A media-library file has both on record (the server
 * checked its bytes); for any other address the type follows the extension and the length is unknown.
 */
async function audioDetails(
  services: Route.ActionArgs["context"]["services"],
  audioUrl: string | null,
  existing: EpisodeRow | null,
): Promise<{ audioType: string; audioBytes: number | null }> {
  if (existing && audioUrl === existing.audioUrl) {
    return { audioType: existing.audioType, audioBytes: existing.audioBytes };
  }
  const ref = parseDownloadUrl(audioUrl);
  if (ref && services.storage) {
    const meta = await services.storage.getMetadata(ref.fullPath).catch(() => null);
    const tokens = meta ? downloadTokenList(meta.downloadTokens) : [];
    if (meta?.contentType?.startsWith("audio/") && tokens.includes(ref.token)) {
      return { audioType: meta.contentType, audioBytes: meta.size };
    }
  }
  const ext = audioUrl?.split(/[?#]/)[0]?.split(".").pop()?.toLowerCase() ?? "";
  return { audioType: AUDIO_TYPES_BY_EXTENSION[ext] ?? "audio/mpeg", audioBytes: null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = context.services;
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit") ?? "";
  // The subscriber list shares the page with the episodes, so its search and page have their own names.
  const { q: sq, page: subsPage, range, confirmId } = readListQuery(url, SUBS_PAGE_SIZE, { q: "sq", page: "spage" });
  const view = parseSubscriberView(url.searchParams.get("sstate"));
  const state = view === "all" ? undefined : view;
  const [episodes, subs, subsTotal, subCounts, editing, confirm] = await Promise.all([
    listEpisodes(db),
    listPodcastSubscriptions(db, { q: sq || undefined, state, ...range }),
    countPodcastSubscriptionsMatching(db, { q: sq || undefined, state }),
    countPodcastSubscriptionsByState(db),
    edit && edit !== "new" ? getEpisodeById(db, edit) : null,
    confirmId ? getEpisodeById(db, confirmId) : null,
  ]);
  if (edit && edit !== "new" && !editing) throw data("No episode with this id exists.", { status: 404 });
  return {
    episodes: episodes.map((e) => ({
      id: e.id,
      number: e.number,
      title: e.title,
      guest: e.guest,
      durationSeconds: e.durationSeconds,
      publishedAt: e.publishedAt.toISOString(),
      announcedAt: e.announcedAt?.toISOString() ?? null,
      announcedTo: e.announcedTo,
    })),
    editor:
      edit === "new"
        ? { id: null, values: {} as FormValues, announcedAt: null, announcedTo: 0 }
        : editing
          ? {
              id: editing.id,
              values: toFormValues(editing),
              announcedAt: editing.announcedAt?.toISOString() ?? null,
              announcedTo: editing.announcedTo,
            }
          : null,
    sq,
    subsPage,
    subsTotal,
    view,
    subCounts,
    subs: subs.map((s) => ({
      id: s.id,
      email: s.email,
      state: s.state,
      language: s.language,
      timestamp: s.timestamp.toISOString(),
    })),
    confirm: confirm ? { id: confirm.id, title: confirm.title, number: confirm.number } : null,
  };
}

/** Which episode an action is about: the one to delete, or the one being saved (none when adding). */
const EpisodeTargetSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("delete"), id: formId("episode") }),
    // `announce`: e-mail the episode to the confirmed subscribers once it is saved (decision 057).
    z.object({ intent: z.literal("save"), id: optionalFormId("episode"), announce: checkbox }),
  ],
  { error: "Unknown action." },
);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db } = context.services;
  const values = formDataToObject(await readForm(request));
  const target = EpisodeTargetSchema.safeParse(values);
  if (!target.success) throw data(target.error.issues[0]?.message ?? "Unknown action.", { status: 400 });
  const { intent, id } = target.data;
  if (intent === "delete") {
    return deleteContent(context, {
      user,
      id,
      find: getEpisodeById,
      remove: deleteEpisode,
      audit: { entity: "episode", summary: (e) => `Deleted episode ${e.number}` },
      channel: "podcast",
      redirectTo: PAGE,
      missing: "That episode no longer exists.",
      done: "Episode deleted",
    });
  }
  const existing = id ? await getEpisodeById(db, id) : null;
  if (id && !existing) throw data("No episode with this id exists.", { status: 404 });
  refuseMissingFields(EpisodeSchema, values);
  const parsed = EpisodeSchema.safeParse(values);
  const language = readEntryLanguageForm("episode", values, existing);
  if (!parsed.success || !language.ok) {
    return invalid(
      { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(language.ok ? {} : language.errors) },
      values,
    );
  }
  const v = parsed.data;
  const announce = target.data.intent === "save" && target.data.announce === true;
  const isNumberTaken = () => isEpisodeNumberTaken(db, v.number, id);
  if (await isNumberTaken()) return invalid({ number: EPISODE_NUMBER_TAKEN }, values);
  const input: EpisodeInput = {
    number: v.number,
    title: v.title,
    summary: v.summary,
    showNotes: v.showNotes,
    guest: v.guest,
    audioUrl: v.audioUrl,
    ...(await audioDetails(context.services, v.audioUrl, existing)),
    imageUrl: v.imageUrl,
    durationSeconds: v.duration,
    publishedAt: v.publishedAt,
    ...language.value,
  };
  return saveContent(context, {
    user,
    id,
    input,
    values,
    create: createEpisode,
    update: updateEpisode,
    unique: { field: "number", message: EPISODE_NUMBER_TAKEN, isTaken: isNumberTaken },
    audit: { entity: "episode", subject: `episode ${v.number} "${v.title}"` },
    channel: "podcast",
    redirectTo: PAGE,
    toast: "Episode saved",
    afterSave: announce
      ? async (savedId) => {
          const sent = await announceEpisode(context.services, savedId);
          if (sent.outcome === "already") return { to: PAGE, toast: "Episode saved. It had been e-mailed already." };
          const n = sent.recipients;
          return {
            to: PAGE,
            toast: `Episode saved and e-mailed to ${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}.`,
          };
        }
      : undefined,
  });
}

function toFormValues(e: EpisodeRow): FormValues {
  return {
    number: String(e.number),
    title: e.title,
    summary: e.summary,
    showNotes: e.showNotes,
    guest: e.guest,
    audioUrl: e.audioUrl ?? "",
    imageUrl: e.imageUrl ?? "",
    duration: formatDuration(e.durationSeconds),
    publishedAt: e.publishedAt.toISOString().slice(0, 10),
    ...translationFormValues("episode", e),
  };
}

export function meta() {
  return [{ title: "Podcast | Admin" }, { name: "robots", content: "noindex" }];
}

type EpisodeListRow = Route.ComponentProps["loaderData"]["episodes"][number];
type SubRow = Route.ComponentProps["loaderData"]["subs"][number];

export default function PodcastAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { episodes, editor, sq, subsPage, subsTotal, subs, confirm, view, subCounts } = loaderData;
  const links = useDeleteLinks(PAGE);
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(links.params);
    if (value === null) p.delete(key);
    else p.set(key, value);
    return `${PAGE}${p.toString() ? `?${p}` : ""}`;
  };
  const exportHref = csvExportHref("podcast-subscribers", { q: sq, state: view === "confirmed" ? undefined : view });
  const viewHref = (v: SubscriberView) => {
    const p = new URLSearchParams();
    if (sq) p.set("sq", sq);
    if (v !== "confirmed") p.set("sstate", v);
    return `${PAGE}${p.toString() ? `?${p}` : ""}`;
  };
  const addEpisode = <AddLink to={withParam("edit", "new")}>Add episode</AddLink>;
  const episodeColumns: Column<EpisodeListRow>[] = [
    { key: "number", header: "No.", cell: (e) => e.number },
    { key: "title", header: "Title", rowHeader: true, cell: (e) => e.title },
    { key: "guest", header: "Guest", cell: (e) => e.guest || "—" },
    { key: "duration", header: "Duration", cell: (e) => formatDuration(e.durationSeconds) },
    {
      key: "published",
      header: "Published",
      cell: (e) => <time dateTime={e.publishedAt}>{e.publishedAt.slice(0, 10)}</time>,
    },
    {
      key: "announced",
      header: "E-mailed",
      cell: (e) =>
        e.announcedAt ? (
          <>
            <time dateTime={e.announcedAt}>{e.announcedAt.slice(0, 10)}</time>, to {e.announcedTo}
          </>
        ) : (
          "Not e-mailed"
        ),
    },
    actionsColumn((e) => (
      <RowActions name={`episode ${e.number}`} editHref={withParam("edit", e.id)}>
        <DeleteButton
          id={e.id}
          name={`episode ${e.number}`}
          title={`Delete episode ${e.number}: ${e.title}?`}
          description={DELETE_DESCRIPTION}
          links={links}
        />
      </RowActions>
    )),
  ];
  const subColumns: Column<SubRow>[] = [
    { key: "email", header: "E-mail", rowHeader: true, cell: (s) => s.email },
    {
      key: "timestamp",
      header: "Subscribed",
      cell: (s) => <time dateTime={s.timestamp}>{s.timestamp.replace("T", " ").slice(0, 16)}</time>,
    },
    { key: "state", header: "Status", cell: (s) => SUBSCRIBER_VIEW_LABELS[s.state] },
    { key: "language", header: "Language", cell: (s) => s.language },
  ];
  const confirmed = subCounts.confirmed;
  return (
    <div>
      <PageHeader
        title="Podcast"
        description={`Episodes and podcast subscribers. ${confirmed} confirmed ${confirmed === 1 ? "subscriber gets" : "subscribers get"} an e-mail for each episode you choose to e-mail; an address counts once its owner clicks the link in the confirmation e-mail.`}
        action={addEpisode}
      />
      {confirm ? (
        <DeletePanel
          id={confirm.id}
          name={`episode ${confirm.number}`}
          title={`Delete episode ${confirm.number}: ${confirm.title}?`}
          description={DELETE_DESCRIPTION}
          links={links}
        />
      ) : null}
      {editor ? (
        <EpisodeEditor
          key={editor.id ?? "new"}
          id={editor.id}
          values={actionData && "values" in actionData ? actionData.values : editor.values}
          serverErrors={actionData && "errors" in actionData ? actionData.errors : undefined}
          cancelHref={withParam("edit", null)}
          announcedAt={editor.announcedAt}
          announcedTo={editor.announcedTo}
          subscribers={confirmed}
        />
      ) : null}
      <section aria-labelledby="episodes-title" className="mb-10">
        <h2 id="episodes-title" className="mb-3 text-xl font-semibold">
          Episodes
        </h2>
        <ContentTable
          caption="Episodes"
          columns={episodeColumns}
          rows={episodes}
          empty={{ title: "No episodes yet", description: "Add the first episode.", action: addEpisode }}
        />
      </section>
      <section aria-labelledby="subs-title">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="subs-title" className="text-xl font-semibold">
            Podcast subscribers
          </h2>
          <a className={buttonClasses.secondary} href={exportHref} download>
            Export CSV
          </a>
        </div>
        <FilterTabs
          label="Filter podcast subscribers by status"
          current={view}
          tabs={SUBSCRIBER_VIEWS.map((v) => ({
            key: v,
            label: SUBSCRIBER_VIEW_LABELS[v],
            count: v === "all" ? subCounts.confirmed + subCounts.awaiting : subCounts[v],
            href: viewHref(v),
          }))}
        />
        <SearchForm
          id="podcast-sq"
          name="sq"
          label="Search podcast subscribers"
          fieldLabel="Search subscribers"
          q={sq}
          clearHref={sq ? (view === "confirmed" ? PAGE : `${PAGE}?sstate=${view}`) : undefined}
        >
          {view === "confirmed" ? null : <input type="hidden" name="sstate" value={view} />}
        </SearchForm>
        <ContentTable
          caption="Podcast subscribers"
          columns={subColumns}
          rows={subs}
          empty={{
            title: sq ? "No subscribers match this search" : "No podcast subscribers yet",
            description: sq ? "Try part of an address." : "Sign-ups from the podcast page appear here.",
          }}
          pages={{
            page: subsPage,
            pageSize: SUBS_PAGE_SIZE,
            total: subsTotal,
            search: links.params,
            param: "spage",
            label: "Subscriber pages",
          }}
        />
      </section>
    </div>
  );
}

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

function EpisodeEditor({
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={PAGE} listLabel="Back to the podcast" />;
}
