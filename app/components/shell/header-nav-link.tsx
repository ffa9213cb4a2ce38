import { NavLink, useLocation } from "react-router";
import { languageFromPath, localizeHref } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";
import type { SiteLink } from "./nav-links";

/** A header link in the page's language, marked as the current page where it leads to it. */
export function HeaderNavLink({ link, className }: { link: SiteLink; className: string }) {
  const { t } = useTranslation();
  const lang = languageFromPath(useLocation().pathname);
  return (
    <NavLink to={localizeHref(link.to, lang)} end={link.to === "/"} className={className}>
      {t(link.label)}
    </NavLink>
  );
}

/** The header's call to apply: the application form, in the desktop header's look or the mobile menu's. */
export function ApplyNowLink({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <AppLink to="/application" className={className}>
      {t("shell.applyNow")}
    </AppLink>
  );
}
