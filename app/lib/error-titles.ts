import type { Translate } from "./i18n/translate";

/**
 * The heading of an error page for a refused request (4xx), in words: the status line a response carries is not
 * shown, as it can be missing or wrong once the error has crossed from the server (a 400 arrived as "Internal Server
 * Error").
 */
export function refusedRequestTitle(status: number): string {
  switch (status) {
    case 400:
      return "The request could not be used";
    case 401:
      return "Please sign in";
    case 403:
      return "Access denied";
    case 404:
      return "Page not found";
    case 405:
      return "That action is not available here";
    case 409:
      return "Changed in the meantime";
    case 413:
      return "Too large to accept";
    case 429:
      return "Too many requests";
    default:
      return "The request was refused";
  }
}

const TITLE_KEYS: Record<number, string> = {
  400: "error.status400",
  401: "error.status401",
  403: "error.status403",
  404: "error.status404",
  405: "error.status405",
  409: "error.status409",
  413: "error.status413",
  429: "error.status429",
};

/** The message key of a public error page's heading for a refused request (4xx), in the page's language. */
export function refusedRequestTitleKey(status: number): string {
  return TITLE_KEYS[status] ?? "error.refused";
}

/**
 * The text of a refused request as a public error page shows it: the route's own message, except React Router's
 * words for a post to a page that takes none ("Error: You made a POST request to … but did not provide an
 * `action` …", written for developers), which read as the page's `rest.noFormHere` message; `fallback` when
 * there is no text.
 */
export function refusedRequestMessage(data: unknown, t: Translate, fallback: string): string {
  if (typeof data !== "string") return fallback;
  if (/^Error: You made an? [A-Z]+ request to .* but did not provide an `action`/.test(data))
    return t("rest.noFormHere");
  return data;
}
