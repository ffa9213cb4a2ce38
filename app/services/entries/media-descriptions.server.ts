import type { MediaDescription } from "~/lib/storage/media-description";
import type { StorageMetadata } from "~/lib/storage/paths";
import { recordAudit } from "~/queries/audit.server";
import type { Services } from "../services.server";
import { notifyContentChanged } from "./content-events.server";

type Editor = { id: string; email: string };

/**
 * Saves a media-library file's alt text and caption (validated by the caller with mediaDescriptionSchema) and
 * announces the change, so every instance drops the pages and page texts that show the file and the next visitor
 * reads the new words. Throws the storage's not-found error for a path with no file.
 */
export async function describeMediaFile(
  services: Pick<Services, "db" | "bus" | "logger"> & Required<Pick<Services, "storage">>,
  input: { fullPath: string; description: MediaDescription; user: Editor },
): Promise<StorageMetadata> {
  const metadata = await services.storage.describe(input.fullPath, input.description);
  await notifyContentChanged(services, "media");
  const words = Object.keys(input.description).filter((k) => input.description[k]?.trim());
  await recordAudit(
    services.db,
    {
      user: input.user,
      action: "update",
      entity: "media",
      entityId: metadata.fullPath,
      summary: words.length
        ? `Described ${metadata.fullPath} (${words.join(", ")})`
        : `Removed the alt text and caption of ${metadata.fullPath}`,
    },
    (err) => services.logger.error({ err }, "audit write failed"),
  );
  return metadata;
}
