import { formatDate } from "~/lib/format";
import { Trans, useTranslation } from "~/lib/i18n/react";
import { PageIntro } from "./page-intro";
import { PageTextBody } from "./prose";
import { ShownInNote } from "./shown-in-note";

/** The privacy and terms pages: the owner's text under a heading, with the date it was last saved. */
export function LegalPage({
  title,
  text,
}: {
  title: string;
  text: {
    lead: string;
    leadLang: string | null;
    html: string;
    updatedAt: string;
    lang: string | null;
    note: string | null;
  };
}) {
  const { lang: pageLang } = useTranslation();
  return (
    <main id="main">
      <PageIntro
        title={title}
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
