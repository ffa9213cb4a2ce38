import { useTranslation } from "~/lib/i18n/react";
import { pagesFromHiddenKey } from "~/lib/nav-pages";
import { ApplyNowLink, HeaderNavLink } from "./header-nav-link";
import { LanguageLinks, LanguageSwitcher } from "./language-switcher";
import { EXPLORE_ENTRIES, HEADER_LINKS_AFTER_EXPLORE, HEADER_LINKS_BEFORE_EXPLORE, visibleLinks } from "./nav-links";

const mobileLink =
  "block rounded px-3 py-2.5 text-base text-stone-800 hover:bg-leaf-50 aria-[current=page]:bg-leaf-50 aria-[current=page]:font-semibold aria-[current=page]:text-leaf-800";

/**
 * The mobile menu's contents (its popover, toggle and closing stay in the header): every site link, Apply now and
 * the languages. A hidden popover until the visitor opens it, so its code hydrates after the page load (an island)
 * rather than in every page's first JavaScript; its server-rendered links work before that.
 */
export function MobileMenuLinks({ hiddenPages }: { hiddenPages: string }) {
  const { t } = useTranslation();
  const pages = pagesFromHiddenKey(hiddenPages);
  const explore = visibleLinks(EXPLORE_ENTRIES, pages);
  const others = [
    ...visibleLinks(HEADER_LINKS_BEFORE_EXPLORE, pages),
    ...visibleLinks(HEADER_LINKS_AFTER_EXPLORE, pages),
  ];
  return (
    <>
      {explore.length > 0 && (
        <>
          <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wide text-stone-600">{t("shell.explore")}</p>
          <ul>
            {explore.map((l) => (
              <li key={l.to}>
                <HeaderNavLink link={l} className={mobileLink} />
              </li>
            ))}
          </ul>
        </>
      )}
      <ul className="mt-2 border-t border-leaf-100 pt-2">
        {others.map((l) => (
          <li key={l.to}>
            <HeaderNavLink link={l} className={mobileLink} />
          </li>
        ))}
      </ul>
      <ApplyNowLink className="mt-3 block rounded-md bg-leaf-700 px-4 py-3 text-center font-semibold text-white hover:bg-leaf-800" />
      <div className="mt-3 border-t border-leaf-100 pt-2">
        <LanguageSwitcher
          id="mobile-language"
          landmark={false}
          headingClassName="mt-1 px-3 text-xs font-semibold uppercase tracking-wide text-stone-600"
          listClassName="flex flex-wrap"
          linkClassName="block rounded px-3 py-2.5 text-base text-stone-800 hover:bg-leaf-50 aria-[current=true]:bg-leaf-50 aria-[current=true]:font-semibold aria-[current=true]:text-leaf-800"
        />
      </div>
    </>
  );
}

/** The header's language popover (desktop; the mobile menu lists the languages itself). */
export function HeaderLanguageLinks() {
  return (
    <LanguageLinks
      listClassName=""
      linkClassName="block rounded px-3 py-2 text-stone-800 hover:bg-leaf-50 aria-[current=true]:font-semibold aria-[current=true]:text-leaf-800"
    />
  );
}
