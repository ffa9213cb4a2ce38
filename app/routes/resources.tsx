import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/resources";

export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: context.services.config.siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Resources",
    description: "Books, websites, videos, podcasts, articles and apps for learning permaculture.",
    siteUrl: loaderData?.siteUrl,
    path: "/resources",
  });
}

export default function Page() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">Resources</h1>
      <p className="mt-4">Books, websites, videos, podcasts, articles and apps for learning permaculture.</p>
      <p className="mt-2 text-sm text-stone-600">{SITE_NAME}</p>
    </main>
  );
}
