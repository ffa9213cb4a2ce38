import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * Every route change starts at the top of the new page. Links to an #anchor keep their
 * target, and back/forward leave ScrollRestoration to put the reader where they were.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (hash || navigationType === "POP") return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
