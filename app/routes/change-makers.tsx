import { listChangeMakers } from "~/services/entries/reads.server";
import { AppLink } from "../components/app-link";
import { MapPin } from "../components/icons";
import { IconFact } from "../components/public/icon-fact";
import { ListSearch } from "../components/public/list-search";
import { EmptyState, PageIntro } from "../components/public/page-intro";
import { ResponsivePicture } from "../components/public/picture";
import { parseListWords } from "../lib/filters";
import { entryForPage } from "../lib/i18n/entry-translations";
import { languageFromPath } from "../lib/i18n/languages";
import { useTranslation } from "../lib/i18n/react";
import { messagePageMetaFor } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { countryLabel } from "../lib/reference-names";
import type { Route } from "./+types/change-makers";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const url = new URL(request.url);
  const q = parseListWords(url.searchParams);
  const language = languageFromPath(url.pathname);
  const rows = await listChangeMakers(db, { q: q ?? undefined });
  return {
    siteUrl: config.siteUrl,
    q,
    people: rows.map((c) => {
      const shown = entryForPage("change-maker", c, language);
      return {
        id: c.id,
        name: c.name,
        role: shown.text.role,
        roleLang: shown.lang.role,
        country: countryLabel(c.country, language),
        photo: c.photoUrl,
        webp: c.webpPhotoUrl,
      };
    }),
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export const meta = messagePageMetaFor({
  title: "changeMakers.title",
  description: "changeMakers.description",
  path: "/change-makers",
});

export default function ChangeMakers({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <PageIntro title={t("changeMakers.title")} lead={t("changeMakers.lead")} />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <div className="mb-8">
          <ListSearch
            action="/change-makers"
            label={t("changeMakers.searchLabel")}
            q={d.q}
            placeholder={t("changeMakers.searchPlaceholder")}
          />
        </div>
        {d.people.length === 0 ? (
          d.q ? (
            <EmptyState title={t("changeMakers.noMatch", { q: d.q })} />
          ) : (
            <EmptyState title={t("changeMakers.none")}>
              <p>{t("changeMakers.checkBack")}</p>
            </EmptyState>
          )
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {d.people.map((c, i) => (
              <li key={c.id}>
                <article className="group relative h-full overflow-hidden rounded-xl border border-leaf-100 bg-white shadow-sm hover:shadow-md">
                  <ResponsivePicture webp={c.webp} fallback={c.photo} alt="" eager={i < 3} />
                  <div className="p-4">
                    <h2 className="text-lg font-semibold text-leaf-900">
                      <AppLink to={`/change-makers/${c.id}`} className="after:absolute after:inset-0 hover:underline">
                        {c.name}
                      </AppLink>
                    </h2>
                    <p className="mt-1 text-sm text-stone-800" lang={c.roleLang ?? undefined}>
                      {c.role}
                    </p>
                    {c.country ? (
                      <IconFact icon={MapPin} className="mt-1 flex items-center gap-1 text-sm text-stone-600">
                        {c.country}
                      </IconFact>
                    ) : null}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
