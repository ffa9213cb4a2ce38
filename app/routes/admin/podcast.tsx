import { data, Form, Link, useLocation } from "react-router";
import { ConfirmDialog, ConfirmPanel } from "../../components/admin/confirm-dialog";
import {
  AdminErrorBoundary,
  PageHeader,
  parsePage,
  parseQuery,
  useListBusy,
  useSubmitting,
} from "../../components/admin/content/admin-page";
import { deleteLinks } from "../../components/admin/content/search-form";
import { useFormErrors } from "../../components/admin/content/use-form-errors";
import { type Column, DataTable } from "../../components/admin/data-table";
import { EmptyState } from "../../components/admin/empty-state";
import { buttonClasses, ErrorSummary, SubmitButton, TextAreaField, TextField } from "../../components/admin/form-field";
import { MediaUrlField } from "../../components/admin/media/media-url-field";
import { Pagination } from "../../components/admin/pagination";
import { exportHref as csvExportHref } from "../../lib/admin-exports";
import { notifyContentChanged } from "../../lib/content-events.server";
import { requireAdmin } from "../../lib/guard.server";
import { fieldErrors } from "../../lib/schemas";
import { EPISODE_NUMBER_TAKEN, EpisodeSchema, formatDuration } from "../../lib/schemas/episode";
import { type FormValues, formDataToObject, optionalUrl, textValue } from "../../lib/schemas/form";
import { parseDownloadUrl } from "../../lib/storage/download-url";
import { redirectWithToast } from "../../lib/toast.server";
import { recordAudit } from "../../queries/audit.server";
import {
  countPodcastSubscriptionsMatching,
  createEpisode,
  deleteEpisode,
  type EpisodeInput,
  type EpisodeRow,
  getEpisodeById,
  isEpisodeNumberTaken,
  listEpisodes,
  listPodcastSubscriptions,
  updateEpisode,
} from "../../queries/podcast.server";
import type { Route } from "./+types/podcast";

const PAGE = "/admin/dashboard/podcast";
const SUBS_PAGE_SIZE = 50;

/** The episode form: the shared episode fields plus the cover image the feed shows as itunes:image. */
const EpisodeFormSchema = EpisodeSchema.extend({ imageUrl: optionalUrl("Image URL", { allowPath: true }) });

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
    const tokens = meta?.downloadTokens.split(",").map((t) => t.trim()) ?? [];
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
  const sq = parseQuery(url.searchParams.get("sq"));
  const edit = url.searchParams.get("edit") ?? "";
  const subsPage = parsePage(url.searchParams.get("spage"));
  const confirmId = url.searchParams.get("delete") ?? "";
  const [episodes, subs, subsTotal, editing, confirm] = await Promise.all([
    listEpisodes(db),
    listPodcastSubscriptions(db, {
      q: sq || undefined,
      limit: SUBS_PAGE_SIZE,
      offset: (subsPage - 1) * SUBS_PAGE_SIZE,
    }),
    countPodcastSubscriptionsMatching(db, sq || undefined),
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
    })),
    editor:
      edit === "new"
        ? { id: null, values: {} as FormValues }
        : editing
          ? { id: editing.id, values: toFormValues(editing) }
          : null,
    sq,
    subsPage,
    subsTotal,
    subs: subs.map((s) => ({ id: s.id, email: s.email, timestamp: s.timestamp.toISOString() })),
    confirm: confirm ? { id: confirm.id, title: confirm.title, number: confirm.number } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const values = formDataToObject(await request.formData());
  const intent = textValue(values, "intent");
  const id = textValue(values, "id");
  const log = (err: unknown) => logger.warn({ err }, "audit failed");
  if (intent === "delete") {
    const existing = await getEpisodeById(db, id);
    if (!existing) return redirectWithToast(PAGE, "That episode no longer exists.", "error");
    await deleteEpisode(db, id);
    await recordAudit(
      db,
      { user, action: "delete", entity: "episode", entityId: id, summary: `Deleted episode ${existing.number}` },
      log,
    );
    await notifyContentChanged(context.services, "podcast");
    return redirectWithToast(PAGE, "Episode deleted");
  }
  if (intent !== "save") throw data("Unknown action.", { status: 400 });
  const existing = id ? await getEpisodeById(db, id) : null;
  if (id && !existing) throw data("No episode with this id exists.", { status: 404 });
  const parsed = EpisodeFormSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const v = parsed.data;
  if (await isEpisodeNumberTaken(db, v.number, id || undefined)) {
    return data({ errors: { number: EPISODE_NUMBER_TAKEN } as Record<string, string>, values }, { status: 400 });
  }
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
  };
  let savedId: string;
  try {
    if (id) {
      await updateEpisode(db, id, input);
      savedId = id;
    } else {
      savedId = await createEpisode(db, input);
    }
  } catch (err) {
    if (await isEpisodeNumberTaken(db, v.number, id || undefined)) {
      return data({ errors: { number: EPISODE_NUMBER_TAKEN } as Record<string, string>, values }, { status: 400 });
    }
    throw err;
  }
  await recordAudit(
    db,
    {
      user,
      action: id ? "update" : "create",
      entity: "episode",
      entityId: savedId,
      summary: `${id ? "Updated" : "Created"} episode ${v.number} "${v.title}"`,
    },
    log,
  );
  await notifyContentChanged(context.services, "podcast");
  return redirectWithToast(PAGE, "Episode saved");
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
  };
}

export function meta() {
  return [{ title: "Podcast | Admin" }, { name: "robots", content: "noindex" }];
}

type EpisodeListRow = Route.ComponentProps["loaderData"]["episodes"][number];
type SubRow = Route.ComponentProps["loaderData"]["subs"][number];

export default function PodcastAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { episodes, editor, sq, subsPage, subsTotal, subs, confirm } = loaderData;
  const busy = useListBusy();
  const location = useLocation();
  const { here, params, confirmHref } = deleteLinks(PAGE, location.search);
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(params);
    if (value === null) p.delete(key);
    else p.set(key, value);
    return `${PAGE}${p.toString() ? `?${p}` : ""}`;
  };
  const exportHref = csvExportHref("podcast-subscribers", { q: sq });
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
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (e) => (
        <div className="flex flex-wrap gap-3">
          <Link to={withParam("edit", e.id)} className={buttonClasses.link} aria-label={`Edit episode ${e.number}`}>
            Edit
          </Link>
          <ConfirmDialog
            triggerLabel="Delete"
            triggerAccessibleLabel={`Delete episode ${e.number}`}
            title={`Delete episode ${e.number}: ${e.title}?`}
            description="The episode disappears from the podcast page and feed."
            fields={{ intent: "delete", id: e.id }}
            fallbackHref={confirmHref(e.id)}
            action={here}
          />
        </div>
      ),
    },
  ];
  const subColumns: Column<SubRow>[] = [
    { key: "email", header: "E-mail", rowHeader: true, cell: (s) => s.email },
    {
      key: "timestamp",
      header: "Subscribed",
      cell: (s) => <time dateTime={s.timestamp}>{s.timestamp.replace("T", " ").slice(0, 16)}</time>,
    },
  ];
  return (
    <div>
      <PageHeader
        title="Podcast"
        description="Episodes and podcast subscribers."
        action={
          <Link to={withParam("edit", "new")} className={buttonClasses.primary}>
            Add episode
          </Link>
        }
      />
      {confirm ? (
        <ConfirmPanel
          title={`Delete episode ${confirm.number}: ${confirm.title}?`}
          description="The episode disappears from the podcast page and feed."
          fields={{ intent: "delete", id: confirm.id }}
          cancelHref={here}
          action={here}
        />
      ) : null}
      {editor ? (
        <EpisodeEditor
          key={editor.id ?? "new"}
          id={editor.id}
          values={actionData && "values" in actionData ? actionData.values : editor.values}
          serverErrors={actionData && "errors" in actionData ? actionData.errors : undefined}
          cancelHref={withParam("edit", null)}
        />
      ) : null}
      <section aria-labelledby="episodes-title" className="mb-10">
        <h2 id="episodes-title" className="mb-3 text-xl font-semibold">
          Episodes
        </h2>
        <DataTable
          caption="Episodes"
          columns={episodeColumns}
          rows={episodes}
          getRowKey={(e) => e.id}
          busy={busy}
          empty={
            <EmptyState
              title="No episodes yet"
              description="Add the first episode."
              action={
                <Link to={withParam("edit", "new")} className={buttonClasses.primary}>
                  Add episode
                </Link>
              }
            />
          }
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
        <Form
          method="get"
          role="search"
          aria-label="Search podcast subscribers"
          className="mb-4 flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="podcast-sq" className="block text-sm font-semibold">
              Search subscribers
            </label>
            <input
              id="podcast-sq"
              type="search"
              name="sq"
              defaultValue={sq}
              maxLength={200}
              className="mt-1 rounded-md border border-stone-400 bg-white px-3 py-2"
            />
          </div>
          <button type="submit" className={buttonClasses.secondary}>
            Search
          </button>
          {sq ? (
            <Link to={PAGE} className={buttonClasses.link}>
              Clear search
            </Link>
          ) : null}
        </Form>
        <DataTable
          caption="Podcast subscribers"
          columns={subColumns}
          rows={subs}
          getRowKey={(s) => s.id}
          busy={busy}
          empty={
            <EmptyState
              title={sq ? "No subscribers match this search" : "No podcast subscribers yet"}
              description={sq ? "Try part of an address." : "Sign-ups from the podcast page appear here."}
            />
          }
        />
        <Pagination
          page={subsPage}
          pageSize={SUBS_PAGE_SIZE}
          total={subsTotal}
          search={params}
          param="spage"
          label="Subscriber pages"
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
};

function EpisodeEditor({
  id,
  values,
  serverErrors,
  cancelHref,
}: {
  id: string | null;
  values: FormValues;
  serverErrors?: Record<string, string>;
  cancelHref: string;
}) {
  const submitting = useSubmitting();
  const { errors, onSubmit } = useFormErrors(EpisodeFormSchema, serverErrors);
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
          <TextField
            name="number"
            label="Episode number"
            type="number"
            min="1"
            step="1"
            required
            defaultValue={textValue(values, "number")}
            error={errors.number}
          />
          <TextField
            name="duration"
            label="Duration"
            required
            defaultValue={textValue(values, "duration")}
            error={errors.duration}
            hint="mm:ss, h:mm:ss or seconds"
          />
          <TextField
            name="publishedAt"
            label="Published date"
            type="date"
            required
            defaultValue={textValue(values, "publishedAt") || new Date().toISOString().slice(0, 10)}
            error={errors.publishedAt}
          />
          <TextField
            name="guest"
            label="Guest"
            maxLength={200}
            defaultValue={textValue(values, "guest")}
            error={errors.guest}
          />
        </div>
        <TextField
          name="title"
          label="Title"
          required
          maxLength={200}
          defaultValue={textValue(values, "title")}
          error={errors.title}
        />
        <TextAreaField
          name="summary"
          label="Summary"
          rows={2}
          maxLength={1000}
          defaultValue={textValue(values, "summary")}
          error={errors.summary}
        />
        <TextAreaField
          name="showNotes"
          label="Show notes"
          rows={6}
          maxLength={20_000}
          defaultValue={textValue(values, "showNotes")}
          error={errors.showNotes}
        />
        <MediaUrlField
          kind="audio"
          name="audioUrl"
          label="Audio URL"
          defaultValue={textValue(values, "audioUrl")}
          error={errors.audioUrl}
          hint="An MP3 address, a path such as /media/..., or an audio file from the media library."
          pickerLabel="audio file"
        />
        <MediaUrlField
          name="imageUrl"
          label="Image URL"
          defaultValue={textValue(values, "imageUrl")}
          error={errors.imageUrl}
          hint="Cover art for podcast apps (square, at least 1400 pixels wide is best)."
          pickerLabel="image"
        />
        <div className="flex gap-3">
          <SubmitButton pending={submitting}>{id ? "Save episode" : "Create episode"}</SubmitButton>
          <Link to={cancelHref} className={buttonClasses.secondary}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={PAGE} listLabel="Back to the podcast" />;
}
