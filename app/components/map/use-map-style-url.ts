import { useRouteLoaderData } from "react-router";

/** The optional map tile style URL from site settings, as the public layout's loader read it for this request. */
export function useMapStyleUrl(): string {
  return useRouteLoaderData<{ mapStyleUrl?: string }>("routes/public-layout")?.mapStyleUrl ?? "";
}
