import { answerOgc } from "~/services/open-data/ogc.server";
import type { Route } from "./+types/ogc";

/**
 * `/ogc/…`: OGC API – Features over the places and the programs held at them (decision 073): the landing page,
 * conformance, the API definition, the collections and their features. Anonymous and read-only; HTTP as decision 070
 * sets out.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return answerOgc(context.services, request, context.clientIp, params["*"] ?? "");
}

/** OPTIONS (a CORS preflight) is answered; any other method is refused: the API is read-only. */
export function action({ request, params, context }: Route.ActionArgs) {
  return answerOgc(context.services, request, context.clientIp, params["*"] ?? "");
}
