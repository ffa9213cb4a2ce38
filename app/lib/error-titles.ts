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
