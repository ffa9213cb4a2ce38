import { languageFromPath } from "~/lib/i18n/languages";
import { serverTranslate } from "./messages.server";

/**
 * The answer to an address with a NUL character (`%00`), in the language of the address's path (`/es/…` Spanish),
 * as the page there would have answered: in the path, no page exists there; in the query, the address is refused.
 */
export function nulAddressMessage(path: string, inPath: boolean): string {
  const t = serverTranslate(languageFromPath(path));
  return inPath ? t("rest.address.noPage") : t("rest.address.nul");
}
