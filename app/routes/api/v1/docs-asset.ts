import { answerReferenceAsset } from "~/services/open-data/description.server";
import type { Route } from "./+types/docs-asset";

/** GET /api/v1/docs/{file}: the reference page's renderer, kept a year under its versioned name (decision 074). */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerReferenceAsset(request, params.file);
}
