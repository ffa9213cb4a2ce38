import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";
import { useLocalizeHref } from "~/lib/i18n/react";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/**
 * A link to another page of this site, for content: cards, lists, prose. It is a plain `<a>`, so hydrating a page
 * with dozens of them costs nothing per link (React Router's `<Link>` runs half a dozen hooks each), and it works
 * as an ordinary link before any script has run. Once the app is live, `useDelegatedNavigation` turns a plain
 * click on it into a client-side navigation, and `data-discover` lets React Router find its route ahead of the
 * click, exactly as it does for its own links.
 *
 * `to` is the page's English address: on a page in another language the link leads to that language's version
 * (`/locations` on a Spanish page is `/es/locations`), so a visitor stays in their language from link to link.
 *
 * Use React Router's `NavLink` where the link shows whether it is current (header, bottom bar), and a plain
 * `<a>` without these attributes for documents the router must not handle (feeds, downloads).
 */
export function AppLink({ to, ...props }: AppLinkProps) {
  const localize = useLocalizeHref();
  return <a href={localize(to)} data-app-link="" data-discover="true" {...props} />;
}

/** Whether a click on this link should become a client-side navigation, and to where; null to leave it alone. */
export function clientNavigationTarget(
  event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "target">,
  origin: string,
): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target as Element | null;
  const anchor = target && typeof target.closest === "function" ? target.closest("a[data-app-link]") : null;
  if (!anchor) return null;
  const frame = anchor.getAttribute("target");
  if ((frame && frame !== "_self") || anchor.hasAttribute("download")) return null;
  // The browser's resolved URL: relative targets ("?page=2", "#contact") are relative to the current page.
  const href = (anchor as HTMLAnchorElement).href;
  if (!href) return null;
  const url = new URL(href);
  if (url.origin !== origin) return null;
  return url.pathname + url.search + url.hash;
}

/** One click listener for every AppLink on the page (mounted once, in the root route). */
export function useDelegatedNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const to = clientNavigationTarget(event, window.location.origin);
      if (to === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      // Like <Link>: a link to the page already shown replaces the history entry instead of adding one.
      void navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
