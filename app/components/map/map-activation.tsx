import { useEffect } from "react";

/**
 * Starts MapLibre when the page is idle or when the visitor reaches for the map. Rendered inside the map box, so
 * its effect runs once that part is hydrated and the box is this page's element (see HydrateApart).
 */
export function MapActivation({
  activation,
  start,
  boxRef,
}: {
  activation: "idle" | "interaction";
  start: () => void;
  boxRef: React.RefObject<HTMLDivElement | null>;
}) {
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let idleHandle: number | undefined;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let observer: IntersectionObserver | undefined;
    const events = ["pointerenter", "pointerdown", "focusin", "wheel", "touchstart"] as const;
    const onInteract = () => start();
    if (activation === "idle") {
      const whenIdle = () => {
        if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(start, { timeout: 1500 });
        else timeout = setTimeout(start, 200);
      };
      // Only once the map nears the viewport, so a map far down a page costs nothing.
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            observer?.disconnect();
            whenIdle();
          }
        },
        { rootMargin: "300px" },
      );
      observer.observe(box);
    }
    for (const e of events) box.addEventListener(e, onInteract, { passive: true, once: true });
    // The map may hydrate after the page load (an island): a pointer or focus that reached it earlier still counts.
    if (activation === "interaction" && (box.matches(":hover") || box.contains(document.activeElement))) start();
    return () => {
      observer?.disconnect();
      if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
      clearTimeout(timeout);
      for (const e of events) box.removeEventListener(e, onInteract);
    };
  }, [activation, start, boxRef]);

  return null;
}
