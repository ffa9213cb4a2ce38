import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/application";

export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: context.services.config.siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Application",
    description: "Apply to join the network as a permaculture educator or learner.",
    siteUrl: loaderData?.siteUrl,
    path: "/application",
  });
}

export default function Page() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Application</h1>
      <p className="mt-4">Apply to join the network as a permaculture educator or learner.</p>
      <p className="mt-2 text-sm text-stone-600">{SITE_NAME}</p>
    </main>
  );
}
