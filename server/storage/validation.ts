import fsp from "node:fs/promises";
import { storageErrors } from "~/lib/storage/errors";
import { readHead } from "./files";
import type { StorageLimits } from "./limits";
import { type DetectedType, describeUnknown, detectType, svgRefusalReason } from "./sniff";

/** SVGs are read whole to be checked, so they have a limit of their own. */
const MAX_SVG_BYTES = 2 * 1024 * 1024;

/**
 * Checks an uploaded file before anything is stored: not empty, within the upload limit, of an accepted type (decided
 * by its bytes) and, for an SVG, free of anything active. Returns its size and type.
 */
export async function checkUploadedFile(
  file: string,
  limits: StorageLimits,
): Promise<{ size: number; type: DetectedType }> {
  const size = (await fsp.stat(file)).size;
  if (size === 0) throw storageErrors.invalidArgument("The file is empty.");
  if (size > limits.maxUploadBytes) throw storageErrors.payloadTooLarge(limits.maxUploadBytes);
  const head = await readHead(file);
  const type = detectType(head);
  if (!type) throw storageErrors.unsupportedType(describeUnknown(head));
  if (type.kind === "svg") {
    if (size > MAX_SVG_BYTES) throw storageErrors.invalidArgument("SVG files are limited to 2 MB.");
    const reason = svgRefusalReason(await fsp.readFile(file, "utf8"));
    if (reason) {
      throw storageErrors.unsupportedType(
        `an SVG image that ${reason.replace(/^it /, "")}; only SVGs without scripts or external references are accepted`,
      );
    }
  }
  return { size, type };
}
