import { answerApiReference } from "~/services/open-data/description.server";
import type { Route } from "./+types/docs";

/** GET /api/v1/docs: the read API's reference, its OpenAPI document shown by Redoc served from this site (decision 074). */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerApiReference(context.services, request);
}
