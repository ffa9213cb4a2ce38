import { isStaffPath } from "./staff-path";

/**
 * Client side of the privacy-friendly analytics: events go to /api/analytics only when the page is served from the
 * production hostname (SITE_URL's). No cookies, no identifiers kept in the browser.
 */
type Event =
  | { kind: "page_view"; path: string; title?: string; referrer?: string }
  | { kind: "user_interaction"; path: string; category: string; action: string; label?: string; value?: number }
  | { kind: "form_submission"; path: string; formName: string };

export function sendAnalytics(event: Event, productionHostname: string): boolean {
  if (typeof window === "undefined" || window.location.hostname !== productionHostname) return false;
  // The server ignores the admin area; do not send it at all.
  if (isStaffPath(window.location.pathname)) return false;
  const body = JSON.stringify({ ...event, hostname: window.location.hostname });
  try {
    if (navigator.sendBeacon?.("/api/analytics", new Blob([body], { type: "text/plain" }))) return true;
  } catch {
    // fall through to fetch
  }
  void fetch("/api/analytics", {
    method: "POST",
    body,
    keepalive: true,
    headers: { "content-type": "text/plain" },
  }).catch(() => {});
  return true;
}

/**
 * Page-wide listeners: every form submission (named by the form's name, id or aria-label) and clicks on elements
 * marked `data-analytics="category:action[:label[:value]]"`.
 */
export function installAnalyticsListeners(productionHostname: string): () => void {
  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement | null;
    if (!form || form.closest("[data-no-analytics]")) return;
    const formName =
      form.getAttribute("name") || form.id || form.getAttribute("aria-label") || form.getAttribute("action") || "form";
    sendAnalytics(
      { kind: "form_submission", path: window.location.pathname, formName: formName.slice(0, 100) },
      productionHostname,
    );
  };
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest?.("[data-analytics]");
    const spec = el?.getAttribute("data-analytics");
    if (!spec) return;
    const [category, action, label, value] = spec.split(":");
    if (!category || !action) return;
    const n = value === undefined ? undefined : Number(value);
    sendAnalytics(
      {
        kind: "user_interaction",
        path: window.location.pathname,
        category,
        action,
        label,
        value: n !== undefined && Number.isFinite(n) ? n : undefined,
      },
      productionHostname,
    );
  };
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("click", onClick, true);
  return () => {
    document.removeEventListener("submit", onSubmit, true);
    document.removeEventListener("click", onClick, true);
  };
}
