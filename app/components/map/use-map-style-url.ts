import { useRouteLoaderData } from "react-router";
import type { loader } from "../../routes/public-layout";

/** The optional map tile style URL from site settings, as the public layout's loader read it for this request. */
export function useMapStyleUrl(): string {
  return useRouteLoaderData<typeof loader>("routes/public-layout")?.mapStyleUrl ?? "";
}
