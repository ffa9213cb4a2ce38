import { type ReactNode, useId, useState } from "react";
import { buttonClasses, fieldIds, TextField } from "~/components/forms/form-field";
import { MediaPicker, type PickedMedia } from "./media-picker";
import { AUDIO_ACCEPT, IMAGE_ACCEPT } from "./upload-zone";

type UrlFieldProps = {
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: ReactNode;
};

/** Values worth previewing: site paths and web addresses (the schema refuses everything else anyway). */
function previewable(url: string): boolean {
  return /^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url);
}

function sizeText(p: PickedMedia): string {
  return p.width && p.height ? ` (${p.width} × ${p.height} pixels)` : "";
}

/**
 * What a library-backed field takes, unless it says otherwise: "[<formats>; a|A] full address, a path such as
 * /media/..., or an image from the media library[ (<note>)]."
 */
function libraryHint(pickerLabel: string, formats?: string, note?: string): string {
  const article = /^[aeiou]/i.test(pickerLabel) ? "an" : "a";
  const start = formats ? `${formats}; a` : "A";
  return `${start} full address, a path such as /media/..., or ${article} ${pickerLabel} from the media library${note ? ` (${note})` : ""}.`;
}

/**
 * A URL field that can also be filled from the media library. The text field stays editable, so an admin can still
 * paste any address; "Choose … from the media library" fills it (and the WebP field beside it, when there is one)
 * with the stored file's download URLs, and a small preview shows what the URL points at. Without a `hint`, it says
 * what it takes (`formats`, and a `note` after); the WebP field is labelled and explained after `pickerLabel`.
 */
export function MediaUrlField({
  kind = "image",
  pickerLabel,
  accept,
  webpField,
  onPick,
  formats,
  note,
  ...field
}: Omit<UrlFieldProps, "hint"> & {
  hint?: ReactNode;
  formats?: string;
  note?: string;
  kind?: "image" | "audio";
  /** What is chosen, for the button and dialog: "image", "photo", "audio file". */
  pickerLabel: string;
  accept?: string;
  /** A companion field that receives the generated WebP copy's URL ("WebP <pickerLabel> URL" unless labelled). */
  webpField?: Omit<UrlFieldProps, "label"> & { label?: string };
  onPick?: (picked: PickedMedia) => void;
}) {
  const [url, setUrl] = useState(field.defaultValue ?? "");
  const [webp, setWebp] = useState(webpField?.defaultValue ?? "");
  const [chosen, setChosen] = useState("");
  const [broken, setBroken] = useState<string | null>(null);
  const statusId = useId();
  const previewSrc = kind === "image" ? webp || url : url;
  const showPreview = previewSrc !== "" && previewable(previewSrc);

  return (
    <div className="space-y-3">
      <div className={webpField ? "grid gap-4 sm:grid-cols-2" : undefined}>
        <TextField
          name={field.name}
          label={field.label}
          value={url}
          onChange={(v) => {
            setUrl(v);
            setChosen("");
          }}
          error={field.error}
          hint={field.hint ?? libraryHint(pickerLabel, formats, note)}
        />
        {webpField ? (
          <TextField
            name={webpField.name}
            label={webpField.label ?? `WebP ${pickerLabel} URL`}
            value={webp}
            onChange={(v) => {
              setWebp(v);
              setChosen("");
            }}
            error={webpField.error}
            hint={webpField.hint ?? "Filled in when you choose from the media library."}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {showPreview && kind === "image" ? (
          broken === previewSrc ? (
            <p className="text-sm text-red-800">The image at this address could not be shown. Check the URL.</p>
          ) : (
            <img
              key={previewSrc}
              src={previewSrc}
              alt={`Preview of the ${pickerLabel}`}
              width={128}
              height={80}
              className="h-20 w-32 rounded border border-stone-300 bg-stone-100 object-cover"
              onError={() => setBroken(previewSrc)}
            />
          )
        ) : null}
        {showPreview && kind === "audio" ? (
          // biome-ignore lint/a11y/useMediaCaption: a preview of the admin's own upload, not published media
          <audio
            key={previewSrc}
            controls
            preload="none"
            src={previewSrc}
            aria-label={`Preview of the ${pickerLabel}`}
          />
        ) : null}
        <MediaPicker
          label={pickerLabel}
          accept={accept ?? (kind === "audio" ? AUDIO_ACCEPT : IMAGE_ACCEPT)}
          describedBy={chosen ? statusId : undefined}
          onPick={(p) => {
            setUrl(p.url);
            if (webpField) setWebp(p.webpUrl ?? "");
            setBroken(null);
            setChosen(
              `Chosen from the media library: ${p.meta.fullPath}${sizeText(p)}.${
                webpField ? (p.webpUrl ? " Its WebP copy fills the WebP field." : " It has no WebP copy.") : ""
              }`,
            );
            onPick?.(p);
          }}
        />
        {url || webp ? (
          <button
            type="button"
            className={buttonClasses.link}
            onClick={() => {
              setUrl("");
              setWebp("");
              setChosen(`The ${pickerLabel} was removed.`);
              // The button disappears with the value: leave focus on the emptied field.
              document.getElementById(fieldIds(field.name).id)?.focus();
            }}
          >
            Remove {pickerLabel}
          </button>
        ) : null}
      </div>
      <p id={statusId} role="status" className="text-sm text-stone-700">
        {chosen}
      </p>
    </div>
  );
}
