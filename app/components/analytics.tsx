import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { installAnalyticsListeners, sendAnalytics } from "../lib/analytics.client";

/** Records a page view on every route change (path and title) and installs the interaction/form listeners. */
export function Analytics({ productionHostname }: { productionHostname: string }) {
  const location = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => installAnalyticsListeners(productionHostname), [productionHostname]);

  useEffect(() => {
    const path = location.pathname + location.search;
    if (lastPath.current === path) return;
    const referrer = lastPath.current === null ? document.referrer || undefined : undefined;
    lastPath.current = path;
    // Let the new route's <title> render first.
    const timer = window.setTimeout(() => {
      sendAnalytics(
        { kind: "page_view", path: location.pathname, title: document.title, referrer },
        productionHostname,
      );
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search, productionHostname]);

  return null;
}
