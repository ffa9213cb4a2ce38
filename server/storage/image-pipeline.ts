import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { storageErrors } from "~/lib/storage/errors";
import { IMAGE_WIDTHS } from "~/lib/storage/paths";
import { removeFiles } from "./files";
import type { DetectedType } from "./sniff";

/** One file the image pipeline wrote: `width` is the responsive width it was made for (null: full size). */
export type ImageOutput = { file: string; width: number | null; pixelWidth: number; pixelHeight: number; size: number };

export type ImageType = Extract<DetectedType, { kind: "image" }>;

/**
 * Image pipeline: re-encode (drops EXIF and other metadata), then a WebP and never-upscaled responsive sizes. The
 * source is opened once and every output is a clone of that one input; sizes come from what sharp reports. Images
 * over `maxImagePixels` are refused before they are decoded. On failure no output file is left behind.
 */
export async function processImage(
  source: string,
  type: ImageType,
  opts: { maxImagePixels: number; tempFile: () => string },
): Promise<{ main: ImageOutput; variants: ImageOutput[] }> {
  const { maxImagePixels, tempFile } = opts;
  let meta: Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: false }).metadata();
  } catch {
    throw storageErrors.invalidArgument("The image could not be read: the file is damaged or not a complete image.");
  }
  const w = meta.width ?? 0;
  const h = (meta.pageHeight ?? meta.height) || 0;
  if (w * h > maxImagePixels) {
    throw storageErrors.invalidArgument(
      `The image is ${w} × ${h} pixels (${Math.round((w * h) / 1e6)} megapixels); images are limited to ${Math.round(maxImagePixels / 1e6)} megapixels. Nothing was stored.`,
    );
  }
  const animated = type.mime === "image/gif" || type.mime === "image/webp";
  const input = sharp(source, { limitInputPixels: maxImagePixels, animated, failOn: "error" }).rotate();
  const out: string[] = [];
  // An animated image's frames are stacked in the output: its height is one frame's.
  const frameHeight = (info: OutputInfo) => info.pageHeight ?? info.height;
  const write = async (pipe: Sharp, width: number | null): Promise<ImageOutput> => {
    const file = tempFile();
    out.push(file);
    const info = await pipe.toFile(file);
    return { file, width, pixelWidth: info.width, pixelHeight: frameHeight(info), size: info.size };
  };
  try {
    const main = await write(reencode(input.clone(), type.mime), null);
    const variants = [await write(input.clone().webp({ quality: 80, effort: 2 }), null)];
    for (const target of IMAGE_WIDTHS) {
      if (target >= main.pixelWidth) continue;
      const resized = input.clone().resize({ width: target, withoutEnlargement: true });
      variants.push(await write(resized.webp({ quality: 80, effort: 2 }), target));
    }
    return { main, variants };
  } catch (err) {
    await removeFiles(out);
    if ((err as { code?: string }).code?.startsWith("storage/")) throw err;
    const msg = String((err as Error).message ?? "");
    if (/pixel limit/i.test(msg)) {
      throw storageErrors.invalidArgument(
        `The image is larger than ${Math.round(maxImagePixels / 1e6)} megapixels. Nothing was stored.`,
      );
    }
    throw storageErrors.invalidArgument(
      "The image could not be processed: the file is damaged or not a complete image.",
    );
  }
}

/** The stored original is the upload re-encoded in its own format. */
function reencode(pipe: Sharp, mime: ImageType["mime"]): Sharp {
  switch (mime) {
    case "image/jpeg":
      return pipe.jpeg({ quality: 85, mozjpeg: true });
    case "image/png":
      return pipe.png({ compressionLevel: 9 });
    case "image/webp":
      return pipe.webp({ quality: 82 });
    case "image/gif":
      return pipe.gif();
    case "image/avif":
      return pipe.avif({ quality: 55, effort: 2 });
  }
}
