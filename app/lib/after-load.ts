/**
 * Runs `callback` once the page's load event has passed (at once if it already has). Returns a function that
 * cancels it if it has not run yet. For work that must never compete with the first paint or hydration.
 */
export function afterPageLoad(callback: () => void): () => void {
  if (document.readyState === "complete") {
    callback();
    return () => {};
  }
  window.addEventListener("load", callback, { once: true });
  return () => window.removeEventListener("load", callback);
}
