import { Link, useLocation } from "react-router";
import { MOBILE_BOTTOM_BAR_PADDING_PX } from "~/lib/constants";
import { languageFromPath, localizeHref, stripLanguage } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import type { NavigationPages } from "~/lib/nav-pages";
import { ClipboardPen, GraduationCap, type Icon, MapIcon, MapPin, Mic } from "../icons";
import { BOTTOM_BAR_LINKS, type BottomBarIcon, visibleLinks } from "./nav-links";

const ICONS: Record<BottomBarIcon, Icon> = {
  map: MapIcon,
  programs: GraduationCap,
  apply: ClipboardPen,
  locations: MapPin,
  podcast: Mic,
};

/**
 * Fixed bar of five shortcuts below the md breakpoint. The current page's shortcut carries aria-current="page"; on a
 * detail page (a location, a program) its section's shortcut carries aria-current="true" and looks the same.
 */
export function MobileBottomBar({ pages }: { pages: NavigationPages }) {
  const links = visibleLinks(BOTTOM_BAR_LINKS, pages);
  const { pathname: address } = useLocation();
  const { t } = useTranslation();
  const lang = languageFromPath(address);
  // Compared in English: the shortcuts' addresses are the English ones.
  const pathname = stripLanguage(address);
  return (
    <nav
      aria-label={t("shell.shortcutsNav")}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-leaf-100 bg-white md:hidden"
      style={{ height: MOBILE_BOTTOM_BAR_PADDING_PX }}
    >
      <ul className="mx-auto flex h-full max-w-lg items-stretch justify-around">
        {links.map((l) => {
          const Icon = ICONS[l.icon];
          return (
            // Each shortcut as wide as its label plus an equal share of the rest: a long label ("Programme",
            // "Candidatar") takes room from the short ones instead of running into its neighbour at 320 px.
            <li key={l.to} className="flex-auto">
              <Link
                to={localizeHref(l.to, lang)}
                aria-current={
                  pathname === l.to ? "page" : l.section && pathname.startsWith(l.section) ? "true" : undefined
                }
                className="flex h-full flex-col items-center justify-center gap-0.5 px-1 text-xs text-stone-700 aria-[current=page]:bg-leaf-50 aria-[current=page]:font-semibold aria-[current=page]:text-leaf-800 aria-[current=true]:bg-leaf-50 aria-[current=true]:font-semibold aria-[current=true]:text-leaf-800"
              >
                <Icon aria-hidden="true" className="size-5" />
                {t(l.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
