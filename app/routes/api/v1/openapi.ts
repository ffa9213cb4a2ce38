import { answerOpenApiDocument } from "~/services/open-data/description.server";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the read API's OpenAPI 3.1 document (decision 074). */
export function loader({ request, context }: Route.LoaderArgs) {
  return answerOpenApiDocument(context.services, request);
}
