import { Form } from "react-router";
import { SITE_NAME } from "~/lib/constants";
import { useLocalizeHref, useTranslation } from "~/lib/i18n/react";
import { AppLink } from "../app-link";
import { Search } from "../icons";

/** The public 404 page body: what happened, where to go next, and a location search. */
export function NotFoundContent({ message, siteName = SITE_NAME }: { message?: string; siteName?: string }) {
  const { t } = useTranslation();
  const localize = useLocalizeHref();
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${t("notFound.title")} | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wide text-leaf-700">{t("notFound.eyebrow")}</p>
      <h1 className="mt-2 text-4xl font-bold text-leaf-900">{t("notFound.title")}</h1>
      <p className="mt-4 text-lg text-stone-800">{message ?? t("notFound.message")}</p>
      <Form
        method="get"
        action={localize("/locations")}
        role="search"
        className="mt-8"
        data-analytics-form="not-found-search"
      >
        <label htmlFor="not-found-search" className="block font-medium text-stone-800">
          {t("notFound.searchLabel")}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="not-found-search"
            name="q"
            type="search"
            placeholder={t("notFound.searchPlaceholder")}
            className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          />
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800"
          >
            <Search aria-hidden="true" className="size-4" />
            {t("shell.search")}
          </button>
        </div>
      </Form>
      <h2 className="mt-10 text-xl font-semibold text-stone-900">{t("notFound.tryThese")}</h2>
      <ul className="mt-3 space-y-2">
        <li>
          <AppLink to="/" className="font-semibold text-leaf-700 underline">
            {t("shell.goHome")}
          </AppLink>
        </li>
        <li>
          <AppLink to="/locations" className="font-semibold text-leaf-700 underline">
            {t("notFound.browseLocations")}
          </AppLink>
        </li>
        <li>
          <AppLink to="/map" className="font-semibold text-leaf-700 underline">
            {t("notFound.exploreMap")}
          </AppLink>
        </li>
      </ul>
    </main>
  );
}

/** Any other error inside the public shell: a calm message and a way back. */
export function ErrorContent({
  title,
  message,
  siteName = SITE_NAME,
}: {
  title: string;
  message: string;
  siteName?: string;
}) {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${title} | ${siteName}`}</title>
      <h1 className="text-4xl font-bold text-leaf-900">{title}</h1>
      <p className="mt-4 text-lg text-stone-800">{message}</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-leaf-700 underline">
          {t("shell.goHome")}
        </AppLink>
      </p>
    </main>
  );
}
