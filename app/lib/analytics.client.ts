import { isStaffPath } from "./staff-path";

/**
 * Client side of the privacy-friendly analytics: events go to /api/analytics only when the page is served from the
 * production hostname (SITE_URL's). No cookies, no identifiers kept in the browser.
 */
export type Interaction = { category: string; action: string; label?: string; value?: number };

type AnalyticsEvent =
  | { kind: "page_view"; path: string; title?: string; referrer?: string }
  | ({ kind: "user_interaction"; path: string } & Interaction)
  | { kind: "form_submission"; path: string; formName: string };

export function sendAnalytics(event: AnalyticsEvent, productionHostname: string): boolean {
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

// The production hostname, known once the listeners are installed (after the page load); interactions before that
// wait for it, a few at most.
let productionHost: string | null = null;
const early: AnalyticsEvent[] = [];

/**
 * Counts one interaction a site owner wants to see (the Explore menu opened, map filters changed, an episode played,
 * a form started), with the same rules as page views: production hostname only, never the admin area.
 */
export function trackInteraction(interaction: Interaction): boolean {
  if (typeof window === "undefined") return false;
  const value = interaction.value;
  const event: AnalyticsEvent = {
    kind: "user_interaction",
    path: window.location.pathname,
    category: interaction.category,
    action: interaction.action,
    ...(interaction.label ? { label: interaction.label.slice(0, 200) } : {}),
    ...(typeof value === "number" && Number.isFinite(value) ? { value } : {}),
  };
  if (productionHost === null) {
    if (early.length < 10) early.push(event);
    return false;
  }
  return sendAnalytics(event, productionHost);
}

/**
 * A form's name for form_submission events: its `data-analytics-form`, else its name or accessible label; never
 * its address (a page's URL says nothing about which of its forms was sent).
 */
export function formNameOf(form: HTMLFormElement): string {
  const name = form.dataset.analyticsForm || form.getAttribute("name") || form.getAttribute("aria-label") || "";
  // As the endpoint takes it: lowercase words joined by hyphens ("Filter programs" is "filter-programs").
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[^a-z]+|-+$/g, "")
    .slice(0, 100);
  return slug || "unnamed";
}

/** "category:action" from an attribute, with the label and value from `data-analytics-label` / `-value`. */
function interactionOf(el: Element, spec: string | null): Interaction | null {
  const [category, action] = (spec ?? "").split(":");
  if (!category || !action) return null;
  const label = el.getAttribute("data-analytics-label") ?? undefined;
  const raw = el.getAttribute("data-analytics-value");
  const value = raw === null ? undefined : Number(raw);
  return { category, action, label, value: value !== undefined && Number.isFinite(value) ? value : undefined };
}

/**
 * Page-wide listeners, so pages mark what to count with attributes and carry no analytics code of their own:
 * - every form submission, named as formNameOf says;
 * - `data-analytics-filters="category:action"` on a filter form: its submission is also an interaction, labelled
 *   with the names of the filters set (never their words) and valued with how many;
 * - `data-analytics-start` on a form: the first input in it (once per form and page) is a "form / start";
 * - `data-analytics-open="category:action"` on a popover or details element: each opening;
 * - `data-analytics-play="category:action"` on an audio or video element: its first play (once per label and page);
 * - `data-analytics="category:action[:label[:value]]"` on anything clicked.
 */
export function installAnalyticsListeners(productionHostname: string): () => void {
  productionHost = productionHostname;
  for (const event of early.splice(0)) sendAnalytics(event, productionHostname);
  const started = new WeakSet<HTMLFormElement>();
  const played = new Set<string>();

  const onSubmit = (e: SubmitEvent) => {
    const form = e.target as HTMLFormElement | null;
    if (!form || form.closest("[data-no-analytics]")) return;
    sendAnalytics(
      { kind: "form_submission", path: window.location.pathname, formName: formNameOf(form) },
      productionHostname,
    );
    const filters = interactionOf(form, form.getAttribute("data-analytics-filters"));
    if (filters) {
      const set = new Set<string>();
      for (const [key, value] of new FormData(form)) if (typeof value === "string" && value.trim()) set.add(key);
      trackInteraction({ ...filters, label: [...set].sort().join(",") || "none", value: set.size });
    }
  };
  const onInput = (e: Event) => {
    const form = (e.target as HTMLInputElement | null)?.form;
    if (!form || started.has(form) || !form.hasAttribute("data-analytics-start")) return;
    started.add(form);
    trackInteraction({ category: "form", action: "start", label: formNameOf(form) });
  };
  const onToggle = (e: Event) => {
    const el = e.target as Element | null;
    if (!el?.hasAttribute?.("data-analytics-open")) return;
    const state = (e as ToggleEvent).newState ?? ((el as HTMLDetailsElement).open ? "open" : "closed");
    if (state !== "open") return;
    const interaction = interactionOf(el, el.getAttribute("data-analytics-open"));
    if (interaction) trackInteraction(interaction);
  };
  const onPlay = (e: Event) => {
    const el = e.target as HTMLMediaElement | null;
    const interaction = el?.getAttribute?.("data-analytics-play")
      ? interactionOf(el, el.getAttribute("data-analytics-play"))
      : null;
    if (!interaction) return;
    const key = `${interaction.category}:${interaction.action}:${interaction.label ?? ""}`;
    if (played.has(key)) return;
    played.add(key);
    trackInteraction(interaction);
  };
  const onClick = (e: MouseEvent) => {
    const el = (e.target as Element | null)?.closest?.("[data-analytics]");
    const spec = el?.getAttribute("data-analytics");
    if (!el || !spec) return;
    const [category, action, label, value] = spec.split(":");
    if (!category || !action) return;
    const n = value === undefined ? undefined : Number(value);
    trackInteraction({ category, action, label, value: n });
  };
  document.addEventListener("submit", onSubmit, true);
  document.addEventListener("input", onInput, true);
  // Neither event bubbles; listening in the capture phase sees them anyway.
  document.addEventListener("toggle", onToggle, true);
  document.addEventListener("play", onPlay, true);
  document.addEventListener("click", onClick, true);
  return () => {
    productionHost = null;
    document.removeEventListener("submit", onSubmit, true);
    document.removeEventListener("input", onInput, true);
    document.removeEventListener("toggle", onToggle, true);
    document.removeEventListener("play", onPlay, true);
    document.removeEventListener("click", onClick, true);
  };
}
