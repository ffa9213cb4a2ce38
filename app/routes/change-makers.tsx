import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/change-makers";

export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: context.services.config.siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Change-Makers",
    description: "People who lead permaculture education and regeneration around the world.",
    siteUrl: loaderData?.siteUrl,
    path: "/change-makers",
  });
}

export default function Page() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Change-Makers</h1>
      <p className="mt-4">People who lead permaculture education and regeneration around the world.</p>
      <p className="mt-2 text-sm text-stone-600">{SITE_NAME}</p>
    </main>
  );
}
