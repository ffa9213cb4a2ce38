import { data, Outlet } from "react-router";
import { AddLink, AdminErrorBoundary, adminMeta } from "~/components/admin/content/admin-page";
import { actionsColumn, ContentTable, RowActions } from "~/components/admin/content/content-table";
import { DeleteButton, DeletePanel, useDeleteLinks } from "~/components/admin/content/delete-controls";
import { readListQuery } from "~/components/admin/content/list-query";
import type { Column } from "~/components/admin/data-table";
import { EpisodeEditor } from "~/components/admin/podcast/episode-editor";
import { PageHeader } from "~/components/admin/shell/page-header";
import { ADMIN_LONG_PAGE_SIZE } from "~/lib/constants";
import { readEntryLanguageForm, translationFormValues } from "~/lib/i18n/entry-translations";
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
import { parseDownloadUrl } from "~/lib/storage/download-url";
import { downloadTokenList } from "~/lib/storage/paths";
import { z } from "~/lib/zod";
import { readForm } from "~/server-lib/form.server";
import { deleteContent, invalid, saveContent } from "~/services/entries/content-actions.server";
import {
  announceEpisode,
  countPodcastSubscriptionsByState,
  createEpisode,
  deleteEpisode,
  type EpisodeInput,
  type EpisodeRow,
  getEpisodeById,
  isEpisodeNumberTaken,
  listEpisodes,
  updateEpisode,
} from "~/services/newsletter/podcast.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/podcast";

const PAGE = "/admin/dashboard/podcast";
const DELETE_DESCRIPTION = "The episode disappears from the podcast page and feed.";

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
  await requireAdmin(context.services, request);
  const { db } = context.services;
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit") ?? "";
  // The subscriber list below (podcast-subscribers.tsx) reads its own search and page; this is the episodes' part.
  const { confirmId } = readListQuery(url, ADMIN_LONG_PAGE_SIZE);
  const [episodes, subCounts, editing, confirm] = await Promise.all([
    listEpisodes(db),
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
    confirmed: subCounts.confirmed,
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
  const user = await requireAdmin(context.services, request);
  const { db } = context.services;
  const values = formDataToObject(await readForm(request));
  const target = EpisodeTargetSchema.safeParse(values);
  if (!target.success) throw data(target.error.issues[0]?.message ?? "Unknown action.", { status: 400 });
  const { intent, id } = target.data;
  if (intent === "delete") {
    return deleteContent(context.services, {
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
  return saveContent(context.services, {
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

export const meta = () => adminMeta("Podcast");

type EpisodeListRow = Route.ComponentProps["loaderData"]["episodes"][number];

export default function PodcastAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { episodes, editor, confirm, confirmed } = loaderData;
  const links = useDeleteLinks(PAGE);
  // The row's dialog and the no-JavaScript confirmation step ask about an episode in the same words.
  const deleting = (e: { id: string; number: number; title: string }) => ({
    id: e.id,
    name: `episode ${e.number}`,
    title: `Delete episode ${e.number}: ${e.title}?`,
    description: DELETE_DESCRIPTION,
    links,
  });
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(links.params);
    if (value === null) p.delete(key);
    else p.set(key, value);
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
        <DeleteButton {...deleting(e)} />
      </RowActions>
    )),
  ];
  return (
    <div>
      <PageHeader
        title="Podcast"
        description={`Episodes and podcast subscribers. ${confirmed} confirmed ${confirmed === 1 ? "subscriber gets" : "subscribers get"} an e-mail for each episode you choose to e-mail; an address counts once its owner clicks the link in the confirmation e-mail.`}
        actions={addEpisode}
      />
      {confirm ? <DeletePanel {...deleting(confirm)} /> : null}
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
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} listHref={PAGE} listLabel="Back to the podcast" />;
}
