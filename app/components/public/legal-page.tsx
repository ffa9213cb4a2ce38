import { formatDate } from "~/lib/format";
import { Trans, useTranslation } from "~/lib/i18n/react";
import { messagePageMeta } from "~/lib/meta";
import { PageIntro } from "./page-intro";
import { PageTextBody } from "./prose";
import { ShownInNote } from "./shown-in-note";

/** The legal pages' headings and descriptions, each page's own. */
const LEGAL_PAGES = {
  privacy: { title: "legal.privacyTitle", description: "legal.privacyDescription" },
  terms: { title: "legal.termsTitle", description: "legal.termsDescription" },
} as const;

type LegalPageName = keyof typeof LEGAL_PAGES;

/** A legal page's meta tags: its heading as the title, its description naming the site, its address. */
export function legalPageMeta(page: LegalPageName, matches: Parameters<typeof messagePageMeta>[0], siteUrl?: string) {
  return messagePageMeta(matches, siteUrl, { ...LEGAL_PAGES[page], path: `/${page}` });
}

/** The privacy and terms pages: the owner's text under a heading, with the date it was last saved. */
export function LegalPage({
  page,
  text,
}: {
  page: LegalPageName;
  text: {
    lead: string;
    leadLang: string | null;
    html: string;
    updatedAt: string;
    lang: string | null;
    note: string | null;
  };
}) {
  const { t, lang: pageLang } = useTranslation();
  return (
    <main id="main">
      <PageIntro
        title={t(LEGAL_PAGES[page].title)}
        lead={text.lead}
        leadLang={text.leadLang}
        leadNote={<ShownInNote note={text.leadLang} className="mb-1 text-stone-700" />}
      >
        <p className="mt-3 text-sm text-stone-600">
          <Trans
            i18nKey="legal.lastUpdated"
            values={{ date: formatDate(text.updatedAt, pageLang) }}
            components={{ time: <time dateTime={text.updatedAt.slice(0, 10)} /> }}
          />
        </p>
      </PageIntro>
      <PageTextBody html={text.html} lang={text.lang} note={text.note} />
    </main>
  );
}
