import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { EXPLORE_CLOSE_DELAY_MS } from "~/lib/constants";
import { useTranslation } from "~/lib/i18n/react";
import { pagesFromHiddenKey } from "~/lib/nav-pages";
import { AppLink } from "../app-link";
import { ChevronDown } from "../icons";
import { REGION_LINKS, RESOURCE_TYPE_LINKS } from "./explore-links";
import { EXPLORE_ENTRIES, type ExploreEntry, type ExploreKey, type SiteLink, visibleLinks } from "./nav-links";

const PANEL_LINKS: Partial<Record<ExploreKey, { heading: string; links: readonly SiteLink[] }>> = {
  locations: { heading: "explore.byRegion", links: REGION_LINKS },
  resources: { heading: "explore.byType", links: RESOURCE_TYPE_LINKS },
};

const ALL_LABEL: Record<ExploreKey, string> = {
  locations: "explore.allLocations",
  "change-makers": "explore.meetChangeMakers",
  resources: "explore.allResources",
  programs: "explore.allPrograms",
};

/**
 * The header's Explore dropdown (a disclosure, not an ARIA menu: its items are plain links). The panel is a
 * popover opened by its button (popovertarget), so the browser itself opens and closes it on click, Enter and
 * Escape, exposes the button's expanded state from the panel's real state, and does so before this code has
 * hydrated (it is an island) or without JavaScript at all; the button has no aria-expanded of its own, which
 * could disagree (and HTML forbids it next to popovertarget). Once hydrated it also opens on hover and closes
 * EXPLORE_CLOSE_DELAY_MS after the pointer leaves, when focus leaves it and after a pick; Escape returns focus
 * to the button.
 */
export function ExploreMenu({ entries }: { entries: readonly ExploreEntry[] }) {
  const [active, setActive] = useState<ExploreKey>(entries[0]?.key ?? "locations");
  const openedByClick = useRef(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname, search } = useLocation();
  const { t } = useTranslation();

  const isOpen = useCallback(() => panelRef.current?.matches(":popover-open") ?? false, []);
  const cancelClose = useCallback(() => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  }, []);
  const show = useCallback(() => {
    cancelClose();
    const panel = panelRef.current;
    if (panel?.isConnected && !panel.matches(":popover-open")) panel.showPopover();
  }, [cancelClose]);
  const close = useCallback(() => {
    cancelClose();
    openedByClick.current = false;
    if (panelRef.current?.matches(":popover-open")) panelRef.current.hidePopover();
  }, [cancelClose]);

  // Any navigation (a pick, back/forward) closes the panel; not the first render, so a panel opened before
  // hydration stays open.
  const shownLocation = useRef(pathname + search);
  useEffect(() => {
    if (shownLocation.current === pathname + search) return;
    shownLocation.current = pathname + search;
    close();
  }, [pathname, search, close]);
  useEffect(() => cancelClose, [cancelClose]);
  // A pointer already resting on the button when the code arrives opens the panel, as a hover would have.
  useEffect(() => {
    if (rootRef.current?.matches(":hover")) show();
  }, [show]);

  if (entries.length === 0) return null;
  const activeEntry = entries.find((e) => e.key === active) ?? entries[0];
  const activeKey = activeEntry?.key ?? "locations";
  const sub = PANEL_LINKS[activeKey];

  function onPointerEnter(e: React.PointerEvent) {
    if (e.pointerType === "touch") return;
    show();
  }
  function onPointerLeave(e: React.PointerEvent) {
    if (e.pointerType === "touch" || openedByClick.current) return;
    cancelClose();
    closeTimer.current = window.setTimeout(close, EXPLORE_CLOSE_DELAY_MS);
  }
  function onButtonClick(e: React.MouseEvent) {
    // Instead of the browser's plain toggle: a click after hover pins the panel open; a second click (or Enter)
    // closes it.
    e.preventDefault();
    if (isOpen() && openedByClick.current) {
      close();
    } else {
      show();
      openedByClick.current = true;
    }
  }
  function onButtonKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      show();
      openedByClick.current = true;
      panelRef.current?.querySelector<HTMLAnchorElement>("a")?.focus();
    }
  }
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Handled here rather than left to the browser, which returns focus only to where it was when the panel
    // opened (not the button, after a hover).
    if (e.key === "Escape" && isOpen()) {
      e.preventDefault();
      e.stopPropagation();
      close();
      buttonRef.current?.focus();
    }
  }
  function onBlur(e: React.FocusEvent<HTMLDivElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
  }
  function onToggle(e: React.ToggleEvent<HTMLDivElement>) {
    // Closed by the browser (a click elsewhere): the next hover starts unpinned.
    if (e.newState === "closed") {
      cancelClose();
      openedByClick.current = false;
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/Escape handling for the disclosure wraps its button and panel
    <div
      ref={rootRef}
      className="group relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="explore-button inline-flex items-center gap-1 whitespace-nowrap rounded px-2 py-2 text-stone-700 hover:text-leaf-700"
        popoverTarget={panelId}
        aria-controls={panelId}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
      >
        {t("shell.explore")}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-has-[:popover-open]:rotate-180" />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        popover="auto"
        onToggle={onToggle}
        className="explore-panel w-[34rem] pt-2"
        data-analytics-open="navigation:open_menu"
        data-analytics-label="explore"
      >
        <div className="grid grid-cols-[12rem_1fr] overflow-hidden rounded-lg border border-leaf-100 bg-white shadow-lg">
          <ul className="border-r border-leaf-100 bg-leaf-50 p-2">
            {entries.map((entry) => (
              <li key={entry.key}>
                <AppLink
                  to={entry.to}
                  onClick={close}
                  onPointerEnter={() => setActive(entry.key)}
                  onFocus={() => setActive(entry.key)}
                  className={`block rounded px-3 py-2 font-medium hover:bg-white hover:text-leaf-800 ${
                    entry.key === activeKey ? "bg-white text-leaf-800" : "text-stone-800"
                  }`}
                >
                  {t(entry.label)}
                </AppLink>
              </li>
            ))}
          </ul>
          <div className="p-4">
            <p className="text-sm text-stone-700">{activeEntry ? t(activeEntry.blurb) : null}</p>
            {sub && (
              <>
                <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-stone-600">{t(sub.heading)}</p>
                <ul className="mt-1 grid grid-cols-2 gap-x-2">
                  {sub.links.map((l) => (
                    <li key={l.to}>
                      <AppLink
                        to={l.to}
                        onClick={close}
                        className="block rounded px-2 py-1.5 text-sm text-stone-800 hover:bg-leaf-50 hover:text-leaf-800"
                      >
                        {t(l.label)}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <AppLink
              to={activeEntry?.to ?? "/locations"}
              onClick={close}
              className="mt-3 inline-block text-sm font-semibold text-leaf-700 underline"
            >
              {t(ALL_LABEL[activeKey])}
            </AppLink>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The menu as an island (site-header): its entries follow from the hidden pages, passed as one string prop. */
export function ExploreMenuIsland({ hiddenPages }: { hiddenPages: string }) {
  return <ExploreMenu entries={visibleLinks(EXPLORE_ENTRIES, pagesFromHiddenKey(hiddenPages))} />;
}
