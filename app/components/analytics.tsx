import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { afterPageLoad } from "../lib/after-load";
import { PAGE_VIEW_FLAG } from "../lib/page-view-flag";

// The sender and listeners load after hydration, outside the initial bundle; events wait for them.
const loadAnalytics = () => import("../lib/analytics.client");

/** Records a page view on every route change (path and title) and installs the interaction/form listeners. */
export function Analytics({ productionHostname }: { productionHostname: string }) {
  const location = useLocation();
  const lastPath = useRef<string | null>(null);

  // The listeners wait for the page's load event: nothing here competes with hydration.
  useEffect(() => {
    let cancelled = false;
    let uninstall: (() => void) | undefined;
    const cancelStart = afterPageLoad(() => {
      loadAnalytics()
        .then((m) => {
          if (!cancelled) uninstall = m.installAnalyticsListeners(productionHostname);
        })
        .catch(() => {});
    });
    return () => {
      cancelled = true;
      cancelStart();
      uninstall?.();
    };
  }, [productionHostname]);

  useEffect(() => {
    const path = location.pathname + location.search;
    if (lastPath.current === path) return;
    const first = lastPath.current === null;
    const referrer = first ? document.referrer || undefined : undefined;
    lastPath.current = path;
    // Let the new route's <title> render first. Public pages hydrate after load already (decision 009); waiting
    // longer would lose the view of a visitor who moves on quickly.
    const timer = window.setTimeout(() => {
      const event = { kind: "page_view" as const, path: location.pathname, title: document.title, referrer };
      loadAnalytics()
        .then((m) => {
          // The page's first view: the paint-first starter may have sent it already, for a visitor who was
          // leaving before the app was live (defer-hydration.server.ts). Checked and claimed only now, when the
          // sender is here: a visitor who leaves while it loads is still counted, by the starter. Once either way.
          if (first) {
            const flags = window as unknown as Record<string, boolean | undefined>;
            if (flags[PAGE_VIEW_FLAG]) return;
            flags[PAGE_VIEW_FLAG] = true;
          }
          m.sendAnalytics(event, productionHostname);
        })
        .catch(() => {});
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search, productionHostname]);

  return null;
}
