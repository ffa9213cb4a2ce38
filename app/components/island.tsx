import { type ComponentType, memo, Suspense, use } from "react";
import { afterPageLoad } from "../lib/after-load";

type Tracked<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/** Resolves after the page's load event, once the browser is idle, so island code never competes with hydration. */
function afterLoadIdle(): Promise<void> {
  return new Promise((resolve) => {
    afterPageLoad(() => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === "function")
        window.requestIdleCallback(() => resolve(), { timeout: 1500 });
      else setTimeout(resolve, 1);
    });
  });
}

/**
 * Resolves the first time the visitor reaches for an element (pointer over it, keyboard focus, a touch) or its
 * popover opens: for islands most visits never use, whose code need not load at all until then.
 */
export function onFirstUse(targetId: string): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      const done = () => resolve();
      const target = document.getElementById(targetId);
      // Opened before the page's scripts ran: load at once.
      if (target?.matches(":popover-open")) return done();
      target?.addEventListener("toggle", done, { once: true });
      for (const el of document.querySelectorAll(`[popovertarget="${targetId}"]`)) {
        for (const type of ["pointerenter", "focus", "touchstart"]) el.addEventListener(type, done, { once: true });
      }
    });
}

/**
 * A part of a server-rendered page whose JavaScript stays out of the initial bundle (the initial JavaScript
 * budget). The server renders it in full, so the HTML is complete and, being made of links and plain forms, works
 * before any script runs. In the browser the part stays exactly as the server sent it until its code has loaded
 * after the page load; then React hydrates it in place (a dehydrated Suspense boundary), with no flash.
 *
 * The code arrives through `load` (a dynamic import) on both sides, so no static import pulls it into the page's
 * bundle. The server starts loading it at startup and renders it synchronously once loaded (React's `use` reads a
 * fulfilled promise without suspending). If the browser cannot load it (offline), the part simply stays as plain
 * HTML.
 *
 * The island is memoised: a parent re-render with equal props must not reach a still-dehydrated boundary, which
 * React would otherwise throw away and render from scratch. Give it primitive props.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
  /** When the browser should load it: by default after the page load, once idle; or on the visitor's first use. */
  when: () => Promise<void> = afterLoadIdle,
): ComponentType<P> {
  let pending: Tracked<ComponentType<P>> | null = null;
  const component = (): Tracked<ComponentType<P>> => {
    if (!pending) {
      const started = import.meta.env.SSR ? load() : when().then(load);
      const tracked: Tracked<ComponentType<P>> = started.catch(() => new Promise<never>(() => {}));
      tracked.then((value) => {
        tracked.status = "fulfilled";
        tracked.value = value;
      });
      pending = tracked;
    }
    return pending;
  };
  if (import.meta.env.SSR) void component();

  function Loaded(props: P) {
    const Component = use(component() as Promise<ComponentType<P>>);
    return <Component {...props} />;
  }
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return memo(Island);
}
