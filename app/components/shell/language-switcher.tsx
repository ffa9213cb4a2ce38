import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, languageFromPath, stripLanguage } from "~/lib/i18n/languages";

/**
 * The same page in each language: plain links (no script needed) through `/language/<code>`, which remembers the
 * choice and redirects to the page in that language. Each link names its language in that language (`lang`,
 * `hreflang`); the current one carries aria-current.
 */
export function LanguageLinks({ linkClassName, listClassName }: { linkClassName: string; listClassName: string }) {
  const { pathname, search } = useLocation();
  const current = languageFromPath(pathname);
  const here = stripLanguage(pathname) + search;
  return (
    <ul className={listClassName}>
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

/** The switcher as a labelled navigation landmark (footer, mobile menu). */
export function LanguageSwitcher({
  id,
  headingClassName,
  linkClassName,
  listClassName,
}: {
  id: string;
  headingClassName: string;
  linkClassName: string;
  listClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClassName}>
        {t("shell.language")}
      </h2>
      <LanguageLinks linkClassName={linkClassName} listClassName={listClassName} />
    </nav>
  );
}
