import { ApiNotFound, answerOpenData, answerOtherMethod } from "~/services/open-data/answer.server";
import {
  API_COLLECTIONS,
  collectionBody,
  isApiCollection,
  readCollectionPage,
} from "~/services/open-data/collections.server";
import { API_TAXONOMIES, isApiTaxonomy, readTaxonomy } from "~/services/open-data/taxonomies.server";
import type { Route } from "./+types/collection";

/**
 * GET /api/v1/{collection}: a page of places (GeoJSON), programs, change-makers, resources or episodes, with filters,
 * `limit`, `cursor` and `updated_since` (decision 069); or a whole reference collection (regions, focus areas,
 * categories). Anonymous and read-only; HTTP as decision 070 sets out.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, clientIp } = context;
  const name = params.collection;
  return answerOpenData(services, request, clientIp, async () => {
    const query = new URL(request.url).searchParams;
    if (isApiCollection(name))
      return collectionBody(services.config.siteUrl, await readCollectionPage(services, name, query));
    if (isApiTaxonomy(name)) {
      const data = await readTaxonomy(services, name, query);
      const self = `${services.config.siteUrl}/api/v1/${name}`;
      return {
        body: { data, links: [{ rel: "self", href: self, type: "application/json" }] },
        contentType: "application/json",
      };
    }
    const known = [...Object.keys(API_COLLECTIONS), ...API_TAXONOMIES].join(", ");
    throw new ApiNotFound(`There is no collection "${name.slice(0, 50)}". The collections are: ${known}.`);
  });
}

/** OPTIONS (a CORS preflight) is answered; any other method is refused: the API is read-only. */
export function action({ request, context }: Route.ActionArgs) {
  return answerOtherMethod(context.services, request);
}
