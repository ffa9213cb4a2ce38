import { useEffect, useState, useSyncExternalStore } from "react";
import { flushSync } from "react-dom";
import { useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n/react";

/** Shown only when a page load takes longer than this, so fast navigations do not flash a bar. */
const SHOW_AFTER_MS = 150;

type RouterLike = {
  state: { navigation: { state: string } };
  subscribe(listener: () => void): () => void;
};

/** The browser's data router, as React Router's own hydrated entry publishes it (absent on the server). */
function browserRouter(): RouterLike | null {
  if (typeof window === "undefined") return null;
  return (window as { __reactRouterDataRouter?: RouterLike }).__reactRouterDataRouter ?? null;
}

const noSubscription = () => () => {};

/**
 * Whether the next page is loading. React Router hands its state to React inside a transition, and a transition
 * that reaches a part of the page still waiting to hydrate (an island loaded on first use) does not commit until
 * the navigation ends: read through `useNavigation` alone the "loading" state never reached the screen. The
 * router's own subscription is an external store, whose updates React renders at once.
 */
function useNextPageLoading(): boolean {
  const navigation = useNavigation();
  const router = browserRouter();
  const fromRouter = useSyncExternalStore(
    router ? router.subscribe.bind(router) : noSubscription,
    () => (router ? router.state.navigation.state === "loading" : null),
    () => null,
  );
  return fromRouter ?? navigation.state === "loading";
}

/**
 * A thin bar along the top edge of the window while the next page loads: fixed-position (no layout shift), 4 px
 * high, above the header's margin, so it covers no control (a spinner in the corner covered "Apply Now"). The status
 * region always exists so screen readers announce "Loading page" when it fills.
 */
export function PageLoadingIndicator() {
  const busy = useNextPageLoading();
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    // Synchronously, for the same reason as above: an ordinary update waits behind the pending navigation.
    const timer = window.setTimeout(() => flushSync(() => setVisible(true)), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60]">
      {visible && (
        <>
          <div data-loading-bar className="h-1 w-full animate-pulse bg-leaf-600 motion-reduce:animate-none" />
          <span className="sr-only">{t("shell.loadingPage")}</span>
        </>
      )}
    </div>
  );
}
