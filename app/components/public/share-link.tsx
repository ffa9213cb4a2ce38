import { type MouseEvent, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/react";
import { Share2 } from "../icons";

/** What the browser offers: its share sheet (phones), copying to the clipboard, or neither (the plain link). */
type Mode = "link" | "share" | "copy";

/**
 * "Share": a plain link to the page's own address, which works without JavaScript (open, copy or long-press it).
 * Once its code has loaded (an island, after the page), a phone's share sheet opens on a click where the browser has
 * one (Web Share API, on touch screens); elsewhere the address is copied and a status line says so.
 */
export function ShareLink({ url, title, className }: { url: string; title: string; className?: string }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("link");
  const [status, setStatus] = useState("");

  useEffect(() => {
    // A desktop browser's share sheet (Chrome and Edge on Windows and macOS have one) is a detour for copying a link.
    const phone = window.matchMedia("(pointer: coarse)").matches;
    if (phone && typeof navigator.share === "function" && navigator.canShare?.({ url }) !== false) setMode("share");
    else if (navigator.clipboard && window.isSecureContext) setMode("copy");
  }, [url]);

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (mode === "link") return;
    event.preventDefault();
    if (mode === "share") {
      try {
        await navigator.share({ title, url });
      } catch {
        // Closed by the visitor: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t("location.linkCopied"));
    } catch {
      setStatus(t("location.copyFailed"));
    }
  };

  return (
    <>
      <a
        href={url}
        onClick={onClick}
        role={mode === "link" ? undefined : "button"}
        className={className}
        data-analytics="location:share"
      >
        <Share2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        {mode === "copy" ? t("location.copyLink") : t("location.share")}
      </a>
      <span role="status" className="block text-sm text-stone-700">
        {status}
      </span>
    </>
  );
}
