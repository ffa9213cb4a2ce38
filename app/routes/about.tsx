import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/about";

export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: context.services.config.siteUrl };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "About Us",
    description: "Who we are and why we connect permaculture educators and learners.",
    siteUrl: loaderData?.siteUrl,
    path: "/about",
  });
}

export default function Page() {
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-4xl font-bold text-leaf-900">About Us</h1>
      <p className="mt-4">Who we are and why we connect permaculture educators and learners.</p>
      <p className="mt-2 text-sm text-stone-600">{SITE_NAME}</p>
    </main>
  );
}
