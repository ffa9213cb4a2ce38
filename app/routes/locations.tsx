import { Link } from "react-router";
import { LOCATIONS_PAGE_SIZE } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { locationPath } from "../lib/slug";
import { searchLocations } from "../queries/locations.server";
import type { Route } from "./+types/locations";

export async function loader({ context }: Route.LoaderArgs) {
  const { rows, total } = await searchLocations(context.services.db, {}, { limit: LOCATIONS_PAGE_SIZE, offset: 0 });
  return {
    siteUrl: context.services.config.siteUrl,
    total,
    locations: rows.map((r) => ({ id: r.id, name: r.name, country: r.country })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Locations",
    description: "Permaculture farms, schools and eco-villages around the world.",
    siteUrl: loaderData?.siteUrl,
    path: "/locations",
  });
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Locations</h1>
      <p className="mt-2">{loaderData.total} locations</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.locations.map((l) => (
          <li key={l.id}>
            <Link to={locationPath(l.name)} className="text-leaf-800 underline">
              {l.name}
            </Link>{" "}
            <span className="text-sm text-stone-600">{l.country}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
