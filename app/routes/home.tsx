import { Link } from "react-router";
import { SITE_NAME, SITE_TAGLINE } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { locationPath } from "../lib/slug";
import { listLocations } from "../queries/locations.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listLocations(context.services.db);
  return {
    siteUrl: context.services.config.siteUrl,
    total: rows.length,
    featured: rows
      .filter((r) => r.featured)
      .slice(0, 8)
      .map((r) => ({ id: r.id, name: r.name, country: r.country, shortDescription: r.shortDescription })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({ title: SITE_NAME, description: SITE_TAGLINE, siteUrl: loaderData?.siteUrl, path: "/" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Learn and teach permaculture, wherever you are</h1>
      <p className="mt-4 max-w-2xl text-lg">{SITE_TAGLINE}</p>
      <p className="mt-2">{loaderData.total} places in the directory.</p>
      <h2 className="mt-10 text-2xl font-semibold">Featured locations</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {loaderData.featured.map((l) => (
          <li key={l.id} className="rounded border border-leaf-100 bg-white p-4">
            <Link to={locationPath(l.name)} className="font-semibold text-leaf-800 underline">
              {l.name}
            </Link>
            <p className="text-sm text-stone-600">{l.country}</p>
            <p className="mt-1 text-sm">{l.shortDescription}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
