import { ApiNotFound, answerOpenData, answerOtherMethod } from "~/services/open-data/answer.server";
import { API_COLLECTIONS, isApiCollection, readCollectionItem } from "~/services/open-data/collections.server";
import type { Route } from "./+types/item";

/**
 * GET /api/v1/{collection}/{id}: one published entry with the contact fields its public page shows (lists carry
 * none); 410 with its tombstone for one that was deleted, unpublished or merged (`merged_into`); 404 for an id the
 * collection never had.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, clientIp } = context;
  const { collection, id } = params;
  return answerOpenData(services, request, clientIp, async () => {
    if (!isApiCollection(collection))
      throw new ApiNotFound(
        `There is no collection "${collection.slice(0, 50)}" with single entries. They are: ${Object.keys(API_COLLECTIONS).join(", ")}.`,
      );
    const found = await readCollectionItem(services, collection, id, new URL(request.url).searchParams);
    if (!found) throw new ApiNotFound(`No ${API_COLLECTIONS[collection].kind} has the id "${id.slice(0, 50)}".`);
    const self = `${services.config.siteUrl}/api/v1/${collection}/${found.item.id}`;
    const place = API_COLLECTIONS[collection].kind === "place";
    const type = place ? "application/geo+json" : "application/json";
    const links = [{ rel: "self", href: self, type }];
    return {
      body: place ? { ...found.item, links } : { data: found.item, links },
      contentType: type,
      status: found.gone ? 410 : 200,
    };
  });
}

/** OPTIONS (a CORS preflight) is answered; any other method is refused: the API is read-only. */
export function action({ request, context }: Route.ActionArgs) {
  return answerOtherMethod(context.services, request);
}
