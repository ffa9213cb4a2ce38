import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, languageFromPath } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { hiddenPagesKey, type NavigationPages } from "~/lib/nav-pages";
import { AppLink } from "../app-link";
import { Globe, Menu, Search, Sprout, X } from "../icons";
import { island, onFirstUse } from "../island";
import { ApplyNowLink, HeaderNavLink } from "./header-nav-link";
import { EXPLORE_ENTRIES, HEADER_LINKS_AFTER_EXPLORE, HEADER_LINKS_BEFORE_EXPLORE, visibleLinks } from "./nav-links";

const desktopLink =
  "whitespace-nowrap rounded px-2 py-2 text-stone-700 hover:text-leaf-700 aria-[current=page]:font-semibold aria-[current=page]:text-leaf-800";
// The menu's links and the language popover's hydrate after the page load (islands): both are hidden until
// opened, and their server-rendered links work before then.
const MobileMenu = island(() => import("./mobile-menu").then((m) => m.MobileMenuLinks));
const LanguageMenu = island(() => import("./mobile-menu").then((m) => m.HeaderLanguageLinks));

// The dropdown's behaviour (hover, keyboard, close delay) hydrates right after the page load; its button is in
// the HTML from the start.
const ExploreMenu = island(() => import("./explore-menu").then((m) => m.ExploreMenuIsland));
// The search field's suggestions (a combobox) load when the visitor first reaches for the search button (most
// visits never search, so most never load it); until then, and without JavaScript, it is a plain GET form.
const HeaderSearch = island(
  () => import("../search/header-search").then((m) => m.HeaderSearchForm),
  onFirstUse("site-search"),
);

/**
 * Site header: desktop links with the Explore dropdown from xl (1280 px); below it a Newsletter link and a menu
 * toggle. The full row's labels never wrap (a label on two lines made the header two rows high): in French, the
 * longest, the row needs about 1,210 px with the default site name, so it has up to 80 rem (1,280 px) from xl, and
 * below xl the compact header takes over rather than squeezing it. A long site name takes two lines first.
 */
/** The button that opens the search field under the header (`#site-search`). */
function SearchToggle({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" popoverTarget="site-search" className={className}>
      <Search aria-hidden="true" className="size-5" />
      <span className="sr-only">{t("shell.search")}</span>
    </button>
  );
}

export function SiteHeader({ pages, siteName }: { pages: NavigationPages; siteName: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const lang = languageFromPath(pathname);
  const explore = visibleLinks(EXPLORE_ENTRIES, pages);
  const before = visibleLinks(HEADER_LINKS_BEFORE_EXPLORE, pages);
  const after = visibleLinks(HEADER_LINKS_AFTER_EXPLORE, pages);

  // The menu is a popover opened by its toggle (popovertarget): it works before the page's scripts have loaded,
  // the browser closes it on Escape (focus back on the toggle) or a click outside, and exposes the toggle's
  // expanded state itself (an aria-expanded beside popovertarget is invalid HTML and could disagree). The state
  // only follows it, for the toggle's icon.
  const menuRef = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => {
    const menu = menuRef.current;
    if (menu?.matches(":popover-open")) menu.hidePopover();
  }, []);

  // Opened before the page went live: the toggle's icon catches up.
  useEffect(() => {
    if (menuRef.current?.matches(":popover-open")) setMenuOpen(true);
  }, []);

  // A route change closes the menu (not the first render: a menu opened before hydration stays open).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    closeMenu();
  }, [pathname, closeMenu]);

  // Choosing any link in the mobile menu closes it, even when the link points at the current page.
  function onMobileMenuClick(e: React.MouseEvent<HTMLElement>) {
    if ((e.target as HTMLElement).closest("a")) closeMenu();
  }

  return (
    <header className="sticky top-0 z-40 border-b border-leaf-100 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center xl:max-w-7xl gap-1 px-3 sm:gap-2 sm:px-4">
        <AppLink
          to="/"
          className="mr-1 inline-flex min-w-0 items-center gap-1.5 text-[14px] font-bold text-leaf-800 min-[360px]:text-[15px] sm:text-lg xl:mr-2"
        >
          <Sprout aria-hidden="true" className="hidden size-6 shrink-0 text-leaf-700 min-[360px]:block" />
          {/* A name too long for one line on a phone takes two, not an ellipsis (the default name does at 320–390 px). */}
          <span className="line-clamp-2 leading-tight break-words">{siteName}</span>
        </AppLink>
        <nav aria-label={t("shell.mainNav")} className="hidden flex-1 xl:block">
          <ul className="flex items-center gap-1 text-sm xl:gap-2">
            {before.map((l) => (
              <li key={l.to}>
                <HeaderNavLink link={l} className={desktopLink} />
              </li>
            ))}
            {explore.length > 0 && (
              <li>
                <ExploreMenu hiddenPages={hiddenPagesKey(pages)} />
              </li>
            )}
            {after.map((l) => (
              <li key={l.to}>
                <HeaderNavLink link={l} className={desktopLink} />
              </li>
            ))}
          </ul>
        </nav>
        <SearchToggle className="hidden size-10 shrink-0 items-center justify-center rounded text-stone-800 hover:bg-leaf-50 hover:text-leaf-700 xl:inline-flex" />
        <button
          type="button"
          popoverTarget="language-menu"
          className="hidden h-10 shrink-0 items-center gap-1 rounded px-1.5 text-sm font-medium text-stone-800 uppercase hover:bg-leaf-50 hover:text-leaf-700 xl:inline-flex"
        >
          <Globe aria-hidden="true" className="size-5" />
          <span aria-hidden="true">{lang}</span>
          <span className="sr-only">{`${t("shell.language")}: ${LANGUAGE_NAMES[lang]}`}</span>
        </button>
        <ApplyNowLink className="hidden shrink-0 whitespace-nowrap rounded-md bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800 xl:inline-block" />
        <div className="ml-auto flex shrink-0 items-center xl:hidden">
          <SearchToggle className="inline-flex size-10 items-center justify-center rounded text-stone-800 hover:bg-leaf-50" />
          <AppLink
            to="/newsletter"
            className="whitespace-nowrap rounded px-1.5 py-2 text-sm font-medium text-leaf-700 underline"
          >
            {t("nav.newsletter")}
          </AppLink>
          <button
            id="mobile-menu-toggle"
            type="button"
            className="inline-flex size-10 items-center justify-center rounded text-stone-800 hover:bg-leaf-50"
            aria-controls="mobile-menu"
            popoverTarget="mobile-menu"
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">{t("shell.menu")}</span>
          </button>
        </div>
      </div>
      {/* The search field opens under the header from its button (a native popover: it works before any script runs,
          and Escape or a click outside closes it; while suggestions are open, Escape closes them first). It lets its
          suggestion list overflow below it. */}
      <div
        id="site-search"
        popover="auto"
        className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto w-full overflow-visible border-0 border-b border-leaf-100 bg-white px-4 py-4 shadow-lg"
      >
        <search className="mx-auto block max-w-2xl">
          <HeaderSearch />
        </search>
      </div>
      {/* The language choice opens from its button (desktop; the mobile menu lists the languages itself). */}
      <div
        id="language-menu"
        popover="auto"
        className="fixed top-16 right-4 left-auto bottom-auto m-0 h-auto w-48 rounded-lg border border-leaf-100 bg-white p-2 shadow-lg"
      >
        <LanguageMenu />
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegation only reacts to link activation, which is keyboard-accessible */}
      <nav
        ref={menuRef}
        id="mobile-menu"
        aria-label={t("shell.mobileNav")}
        popover="auto"
        onToggle={(e) => setMenuOpen(e.newState === "open")}
        onClick={onMobileMenuClick}
        className="fixed inset-x-0 top-16 bottom-auto m-0 h-auto max-h-[calc(100vh-4rem)] w-full overflow-y-auto border-0 border-t border-b border-leaf-100 bg-white px-4 pb-4 text-stone-800 shadow-lg xl:hidden"
      >
        <MobileMenu hiddenPages={hiddenPagesKey(pages)} />
      </nav>
    </header>
  );
}
