import type { Route } from "./+types/login";

export function meta() {
  return [{ title: "Sign in | Admin" }, { name: "robots", content: "noindex" }];
}

export function loader(_: Route.LoaderArgs) {
  return null;
}

export default function Login() {
  return (
    <main id="main" className="mx-auto max-w-sm px-4 py-16">
      <h1 className="text-2xl font-bold">Sign in</h1>
    </main>
  );
}
