import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, languageFromPath, stripLanguage } from "~/lib/i18n/languages";
import { useTranslation } from "~/lib/i18n/react";

/**
 * The same page in each language: plain links (no script needed) through `/language/<code>`, which remembers the
 * choice and redirects to the page in that language. Each link names its language in that language (`lang`,
 * `hreflang`); the current one carries aria-current.
 */
export function LanguageLinks({
  linkClassName,
  listClassName,
  labelledBy,
}: {
  linkClassName: string;
  listClassName: string;
  /** The id of the element naming the list, where no landmark around it does. */
  labelledBy?: string;
}) {
  const { pathname, search } = useLocation();
  const current = languageFromPath(pathname);
  const here = stripLanguage(pathname) + search;
  return (
    <ul className={listClassName} aria-labelledby={labelledBy}>
      {LANGUAGES.map((lang) => (
        <li key={lang}>
          <a
            href={`/language/${lang}?to=${encodeURIComponent(here)}`}
            hrefLang={lang}
            lang={lang}
            aria-current={lang === current ? "true" : undefined}
            className={linkClassName}
          >
            {LANGUAGE_NAMES[lang]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The switcher under a heading: a labelled navigation landmark (the footer), or, inside another navigation (the
 * mobile menu, where a second "Language" landmark would repeat the footer's), a list named by its heading.
 */
export function LanguageSwitcher({
  id,
  headingClassName,
  linkClassName,
  listClassName,
  landmark = true,
}: {
  id: string;
  headingClassName: string;
  linkClassName: string;
  listClassName: string;
  landmark?: boolean;
}) {
  const { t } = useTranslation();
  if (!landmark) {
    return (
      <>
        <p id={id} className={headingClassName}>
          {t("shell.language")}
        </p>
        <LanguageLinks linkClassName={linkClassName} listClassName={listClassName} labelledBy={id} />
      </>
    );
  }
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {t("shell.language")}
      </h2>
      <LanguageLinks linkClassName={linkClassName} listClassName={listClassName} />
    </nav>
  );
}
