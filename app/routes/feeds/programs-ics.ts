/** Delivered by the public-site issue. */
export function loader() {
  return new Response("Not implemented yet", { status: 404 });
}
