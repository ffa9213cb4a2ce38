import { useId, useState } from "react";
import { MediaPicker, type PickedMedia } from "./media-picker";
import { IMAGE_ACCEPT } from "./upload-zone";

/** "garden-path_2.webp" → "garden path 2": a first description the writer can improve. */
function altFromName(fullPath: string): string {
  const name = fullPath.split("/").pop() ?? "";
  return name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .replace(/[[\]()\\]/g, "")
    .trim();
}

/**
 * Markdown for an image from the media library: its WebP copy when it has one (smaller), else the original. A file
 * with an alt text in the library gets empty brackets, so the page shows the library's words (and their
 * translations, and later corrections); otherwise a first description from the file's name, to improve.
 */
export function imageMarkdown(picked: Pick<PickedMedia, "url" | "webpUrl" | "meta">): string {
  const described = Boolean(picked.meta.customMetadata.alt?.trim());
  return `![${described ? "" : altFromName(picked.meta.fullPath)}](${picked.webpUrl ?? picked.url})`;
}

/**
 * "Insert an image from the media library" for a Markdown text area: the picker lists stored images, and the chosen
 * one is written into the text at the cursor as Markdown image syntax. Without JavaScript the text area still
 * takes the same syntax typed by hand, with an address copied from the media library.
 */
export function MarkdownImageInsert({ textareaId }: { textareaId: string }) {
  const [status, setStatus] = useState("");
  const statusId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <MediaPicker
        label="image"
        accept={IMAGE_ACCEPT}
        describedBy={status ? statusId : undefined}
        onPick={(picked) => {
          const area = document.getElementById(textareaId) as HTMLTextAreaElement | null;
          if (!area) return;
          const snippet = imageMarkdown(picked);
          const start = area.selectionStart ?? area.value.length;
          const end = area.selectionEnd ?? start;
          const before = area.value.slice(0, start);
          const after = area.value.slice(end);
          // An image is its own paragraph: blank lines around it unless the text already has them.
          const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
          const tail = after === "" || after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
          area.setRangeText(`${lead}${snippet}${tail}`, start, end, "end");
          area.focus();
          setStatus(
            picked.meta.customMetadata.alt?.trim()
              ? `Inserted ${picked.meta.fullPath} into the text. It shows the alt text and caption from the media library; a description between the brackets would replace the alt text here.`
              : `Inserted ${picked.meta.fullPath} into the text. Check its description between the brackets, or give the file an alt text in the media library.`,
          );
        }}
      />
      <p id={statusId} role="status" className="text-sm text-stone-700">
        {status}
      </p>
    </div>
  );
}
