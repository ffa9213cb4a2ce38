import { Form } from "react-router";
import { SITE_NAME } from "~/lib/constants";
import { AppLink } from "../app-link";
import { Search } from "../icons";

/** The public 404 page body: what happened, where to go next, and a location search. */
export function NotFoundContent({ message, siteName = SITE_NAME }: { message?: string; siteName?: string }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`Page not found | ${siteName}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wide text-leaf-700">Error 404</p>
      <h1 className="mt-2 text-4xl font-bold text-leaf-900">Page not found</h1>
      <p className="mt-4 text-lg text-stone-800">
        {message ??
          "We could not find the page you were looking for. It may have moved, or the address may be mistyped."}
      </p>
      <Form method="get" action="/locations" role="search" className="mt-8" data-analytics-form="not-found-search">
        <label htmlFor="not-found-search" className="block font-medium text-stone-800">
          Search for a place to learn
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="not-found-search"
            name="q"
            type="search"
            placeholder="Name, country or focus area"
            className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2"
          />
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-md bg-leaf-700 px-4 py-2 font-semibold text-white hover:bg-leaf-800"
          >
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
        </div>
      </Form>
      <h2 className="mt-10 text-xl font-semibold text-stone-900">Or try one of these</h2>
      <ul className="mt-3 space-y-2">
        <li>
          <AppLink to="/" className="font-semibold text-leaf-700 underline">
            Go to the home page
          </AppLink>
        </li>
        <li>
          <AppLink to="/locations" className="font-semibold text-leaf-700 underline">
            Browse all locations
          </AppLink>
        </li>
        <li>
          <AppLink to="/map" className="font-semibold text-leaf-700 underline">
            Explore the map
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
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <title>{`${title} | ${siteName}`}</title>
      <h1 className="text-4xl font-bold text-leaf-900">{title}</h1>
      <p className="mt-4 text-lg text-stone-800">{message}</p>
      <p className="mt-6">
        <AppLink to="/" className="font-semibold text-leaf-700 underline">
          Go to the home page
        </AppLink>
      </p>
    </main>
  );
}
