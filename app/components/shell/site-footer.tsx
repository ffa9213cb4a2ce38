import { useTranslation } from "~/lib/i18n/react";
import { type NavigationPages, pagesFromHiddenKey } from "~/lib/nav-pages";
import { AppLink } from "../app-link";
import { Mail } from "../icons";
import { island } from "../island";
import { LanguageSwitcher } from "./language-switcher";
import { FOOTER_QUICK_LINKS, visibleLinks } from "./nav-links";

/** The footer's form hydrates after the page load: it is a plain POST form until then. */
const FooterNewsletter = island(() => import("../newsletter-form").then((m) => m.NewsletterForm));

/** The bottom row's links (message keys written out: the message checks read them literally). */
const BOTTOM_LINKS = [
  { to: "/api/v1/docs", label: "footer.apiReference", document: true },
  { to: "/privacy", label: "footer.privacy", document: false },
  { to: "/terms", label: "footer.terms", document: false },
  { to: "/open-data", label: "footer.openData", document: false },
] as const;

const footerLink = "text-leaf-50 underline-offset-4 hover:underline";

/** Site footer: tagline, Stay Updated form, Quick Links, contact block (hideable), legal links and credit. */
export function SiteFooter({
  pages,
  contactEmail,
  year,
  siteName,
  tagline,
  taglineLang,
}: {
  pages: NavigationPages;
  contactEmail: string;
  year: number;
  siteName: string;
  tagline: string;
  /** The tagline's language, when it is not the page's (no translation of the owner's text yet). */
  taglineLang?: string;
}) {
  const quickLinks = visibleLinks(FOOTER_QUICK_LINKS, pages);
  const { t, lang } = useTranslation();
  return (
    <footer className="mt-16 bg-leaf-900 text-leaf-50">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-4 py-12 md:grid-cols-[1.4fr_1fr_1fr]">
        <section aria-labelledby="footer-newsletter">
          <p className="text-lg font-bold">{siteName}</p>
          <p
            className="mt-2 max-w-md text-sm text-leaf-100"
            lang={taglineLang && taglineLang !== lang ? taglineLang : undefined}
          >
            {tagline}
          </p>
          <h2 id="footer-newsletter" className="mt-6 text-base font-semibold">
            {t("footer.stayUpdated")}
          </h2>
          <p className="mt-1 text-sm text-leaf-100">{t("footer.stayUpdatedText")}</p>
          <div className="mt-3 max-w-md">
            <FooterNewsletter source="footer" variant="dark" />
          </div>
        </section>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-base font-semibold">
            {t("footer.quickLinks")}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {quickLinks.map((l) => (
              <li key={l.to}>
                <AppLink to={l.to} className={footerLink}>
                  {t(l.label)}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        {pages.contact && (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="text-base font-semibold">
              {t("footer.contact")}
            </h2>
            <p className="mt-3 text-sm text-leaf-100">{t("footer.generalInformation")}</p>
            <a
              href={`mailto:${contactEmail}`}
              className={`mt-1 inline-flex max-w-full items-center gap-2 text-sm break-all ${footerLink}`}
            >
              <Mail aria-hidden="true" className="size-4" />
              {contactEmail}
            </a>
          </section>
        )}
        <LanguageSwitcher
          id="footer-language"
          headingClassName="text-base font-semibold"
          listClassName="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm"
          linkClassName={`${footerLink} aria-[current=true]:font-semibold aria-[current=true]:underline`}
        />
      </div>
      <div className="border-t border-leaf-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-sm text-leaf-100 md:flex-row md:items-center md:justify-between">
          <p>{t("footer.rights", { year, siteName })}</p>
          <ul className="flex flex-wrap gap-4">
            {BOTTOM_LINKS.map((l) => (
              <li key={l.to}>
                {l.document ? (
                  // A document the router does not handle (decision 074), the same address in every language.
                  <a href={l.to} className={footerLink}>
                    {t(l.label)}
                  </a>
                ) : (
                  <AppLink to={l.to} className={footerLink}>
                    {t(l.label)}
                  </AppLink>
                )}
              </li>
            ))}
          </ul>
          <p>{t("footer.credit", { siteName })}</p>
        </div>
      </div>
    </footer>
  );
}

/** The footer as an island (public-layout): the same footer, with the hidden pages as one string prop. */
export function SiteFooterIsland({
  hiddenPages,
  ...rest
}: {
  hiddenPages: string;
  contactEmail: string;
  year: number;
  siteName: string;
  tagline: string;
  taglineLang?: string;
}) {
  return <SiteFooter pages={pagesFromHiddenKey(hiddenPages)} {...rest} />;
}
