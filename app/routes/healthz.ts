/** The Node server answers /healthz itself; this route keeps the path declared for dev servers too. */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
