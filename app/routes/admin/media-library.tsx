import { data } from "react-router";
import { adminMeta } from "~/components/admin/content/admin-page";
import { MediaLibrary } from "~/components/admin/media/media-library";
import { PageHeader } from "~/components/admin/shell/page-header";
import { fieldErrors } from "~/lib/schemas";
import { StorageError } from "~/lib/storage/errors";
import { type DescribeResult, isMediaTextKey, mediaDescriptionSchema } from "~/lib/storage/media-description";
import type { StorageListResult } from "~/lib/storage/paths";
import { z } from "~/lib/zod";
import { readForm } from "~/server-lib/form.server";
import { describeMediaFile } from "~/services/entries/media-descriptions.server";
import { requireAdmin } from "~/services/staff/guard.server";
import type { Route } from "./+types/media-library";

const FIRST_PAGE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { storage, logger } = context.services;
  let initial: StorageListResult | null = null;
  if (storage) {
    try {
      initial = await storage.list({ prefix: "", delimiter: "/", maxResults: FIRST_PAGE });
    } catch (err) {
      // The screen still works: the browser loads the list itself and shows any error there.
      logger.warn({ err }, "media library: first page failed");
    }
  }
  return data({ initial, available: Boolean(storage) }, { headers: { "Cache-Control": "no-store" } });
}

const NO_STORE = { "Cache-Control": "no-store" };

/** Which file a description is for: the one form this route takes. */
const DescribeTargetSchema = z.object({
  intent: z.literal("describe", { error: "Unknown action." }),
  fullPath: z.string({ error: "Choose a file." }).min(1, "Choose a file.").max(1024, "Choose a file."),
});

/**
 * Saves a file's alt text and caption (the media library's description form). Uploads, deletes and link changes go
 * through /api/storage (with progress and retries), not this route.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(context.services, request);
  const { storage } = context.services;
  const form = await readForm(request);
  const fields: Record<string, unknown> = {};
  const texts: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (key === "intent" || key === "fullPath") fields[key] = value;
    else texts[key] = value;
  }
  const target = DescribeTargetSchema.safeParse(fields);
  if (!target.success) {
    const result: DescribeResult = { ok: false, errors: fieldErrors(target.error), fullPath: null };
    return data(result, { status: 400, headers: NO_STORE });
  }
  const { fullPath } = target.data;
  // Only the description's fields are known; anything else is refused by the schema (strict), not ignored.
  const parsed = mediaDescriptionSchema.safeParse(texts);
  if (!parsed.success) {
    const result: DescribeResult = { ok: false, errors: fieldErrors(parsed.error), fullPath };
    return data(result, { status: 400, headers: NO_STORE });
  }
  if (!storage) {
    const result: DescribeResult = {
      ok: false,
      errors: { form: "File storage is not configured on this server." },
      fullPath,
    };
    return data(result, { status: 503, headers: NO_STORE });
  }
  try {
    const metadata = await describeMediaFile(
      { ...context.services, storage },
      {
        fullPath,
        description: Object.fromEntries(Object.entries(parsed.data).filter(([k]) => isMediaTextKey(k))),
        user,
      },
    );
    const result: DescribeResult = { ok: true, metadata };
    return data(result, { headers: NO_STORE });
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    const result: DescribeResult = {
      ok: false,
      errors: { form: err.status === 404 ? "This file no longer exists. Choose another." : err.message },
      fullPath,
    };
    return data(result, { status: err.status || 400, headers: NO_STORE });
  }
}

export const meta = () => adminMeta("Media library");

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Media library"
        description="Images, PDFs and audio for locations, programs, change-makers and episodes. Links work only with their current token: make a new link to revoke an old one."
      />
      {loaderData.available ? (
        <MediaLibrary initial={loaderData.initial ?? undefined} />
      ) : (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          File storage is not configured on this server.
        </p>
      )}
    </>
  );
}
