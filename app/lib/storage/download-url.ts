import { validateObjectName } from "./paths";

const DOWNLOAD_PREFIX = "/api/storage/download/";

/** A media-library download URL taken apart: the stored object's path and the token the URL carries. */
export type DownloadUrlParts = { fullPath: string; token: string };

/**
 * The object a download URL (as the media library hands out, `/api/storage/download/<path>?token=...`) points at, or
 * null when the URL is anything else. Absolute URLs count only on this site's own origin (`siteUrl`).
 */
export function parseDownloadUrl(url: string | null | undefined, siteUrl?: string): DownloadUrlParts | null {
  if (!url) return null;
  const relative = url.startsWith("/") && !url.startsWith("//");
  let parsed: URL;
  try {
    parsed = new URL(url, "http://relative.invalid");
    if (!relative && (!siteUrl || parsed.origin !== new URL(siteUrl).origin)) return null;
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(DOWNLOAD_PREFIX)) return null;
  const token = parsed.searchParams.get("token");
  if (!token) return null;
  try {
    return { fullPath: validateObjectName(decodeURIComponent(parsed.pathname.slice(DOWNLOAD_PREFIX.length))), token };
  } catch {
    return null;
  }
}
