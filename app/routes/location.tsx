import { data } from "react-router";
import { pageMeta } from "../lib/meta";
import { locationPath } from "../lib/slug";
import { getLocationBySlug, toLocationView } from "../queries/locations.server";
import { loadReferenceData } from "../queries/reference.server";
import type { Route } from "./+types/location";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const row = await getLocationBySlug(db, params.slug);
  if (!row) throw data("Location not found", { status: 404 });
  const location = toLocationView(row, await loadReferenceData(db));
  return { location, siteUrl: config.siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Location not found | Permaculture Network" }];
  const { location, siteUrl } = loaderData;
  return pageMeta({
    title: location.name,
    description: location.shortDescription,
    siteUrl,
    path: locationPath(location.name),
    image: location.webpImageUrl,
  });
}

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">{location.name}</h1>
      <p className="mt-2 text-stone-600">
        {[location.contactCity, location.country, location.region?.name].filter(Boolean).join(", ")}
      </p>
      <p className="mt-6 text-lg">{location.description}</p>
      {location.longDescription.split("\n\n").map((p) => (
        <p key={p.slice(0, 40)} className="mt-4">
          {p}
        </p>
      ))}
      {location.areasOfFocus.length > 0 && (
        <>
          <h2 className="mt-8 text-xl font-semibold">Areas of focus</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {location.areasOfFocus.map((a) => (
              <li key={a} className="rounded-full bg-leaf-100 px-3 py-1 text-sm text-leaf-900">
                {a}
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
