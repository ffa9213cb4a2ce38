/**
 * How every open-data request is answered (decision 070): preflights, the per-address budget (API_RATE_LIMIT, a 304
 * costing a tenth), the licence and attribution in every body and a `Link` header, an ETag with 304, and problem
 * details for what the client must change. A route gives only what its answer holds.
 */
import { SITE_NAME } from "~/lib/constants";
import { dataTerms } from "~/lib/data-licences";
import { ApiParamError } from "~/lib/open-data-params";
import {
  type LicenceLink,
  openAnswer,
  openHeaders,
  preflightAnswer,
  problemAnswer,
  type RateState,
} from "~/server-lib/open-http.server";
import type { Services } from "../services.server";
import { API_COST_UNITS, API_RATE_WINDOW_MS, hitApiRateLimit } from "../site/rate-limits.server";
import { getPublicSettings } from "../site/site-settings.server";

/** The licence as a body states it. */
export type LicenceMembers = {
  license: { id: string; name: string; url: string };
  attribution: string;
};

/** What a route's answer holds: a JSON body (the licence members are added), its type, links for the header. */
export type OpenBody = {
  body: Record<string, unknown>;
  /** JSON of some kind (`application/json`, `application/geo+json`, an OpenAPI description's type …). */
  contentType: string;
  /** False for a document whose format has no room for them (an OpenAPI description states its licence itself). */
  licenceMembers?: false;
  /** Members that move with every request without the data changing (OGC's `timeStamp`): left out of the ETag. */
  unstable?: string[];
  /** `Link` header values besides the licence's (`<…>; rel="next"`). */
  links?: string[];
  status?: number;
};

/** Something the client asked for that is not there (404), or no longer is (the route gives a 410 body instead). */
export class ApiNotFound extends Error {}

/** Any other problem the client must solve, with its status and title (406 Not Acceptable …). */
export class OpenProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The Content-Type of JSON bodies, with the charset every client reads them in. */
const CHARSET = "; charset=utf-8";

export async function licenceMembers(services: Pick<Services, "db" | "bus">): Promise<LicenceMembers> {
  const { general } = await getPublicSettings(services);
  const { licence: l, attribution } = dataTerms(general, SITE_NAME);
  return { license: { id: l.spdx, name: l.name, url: l.url }, attribution };
}

function rateState(apiRateLimit: number, hit: { count: number; windowEndsAt: number }, now: number): RateState {
  return {
    quota: apiRateLimit,
    windowS: API_RATE_WINDOW_MS / 1000,
    remaining: Math.floor((apiRateLimit * API_COST_UNITS - hit.count) / API_COST_UNITS),
    resetS: Math.max(0, Math.ceil((hit.windowEndsAt - now) / 1000)),
  };
}

/** Problem details with the licence, the rate-limit fields when counted, and any other headers. */
function problemMaker(request: Request, licence: LicenceMembers) {
  const link: LicenceLink = { url: licence.license.url };
  return (status: number, title: string, detail: string, rate?: RateState, extra?: HeadersInit) => {
    const headers = openHeaders({ licence: link, rate });
    for (const [k, v] of new Headers(extra)) headers.set(k, v);
    return problemAnswer(request, { status, title, detail, headers, extra: { ...licence } });
  };
}

/** A request with another method than GET or HEAD: a CORS preflight (OPTIONS) is answered, anything else refused. */
export async function answerOtherMethod(services: Pick<Services, "db" | "bus">, request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return preflightAnswer();
  const problem = problemMaker(request, await licenceMembers(services));
  return problem(405, "Method Not Allowed", "The open data API is read-only: use GET or HEAD.", undefined, {
    Allow: "GET, HEAD, OPTIONS",
  });
}

/**
 * Answers an open-data request with what `produce` makes of it. `produce` may throw ApiParamError (400, naming the
 * parameter) or ApiNotFound (404); anything else is the site's fault and reaches the error handler as usual.
 */
export async function answerOpenData(
  services: Pick<Services, "db" | "bus" | "config">,
  request: Request,
  clientIp: string,
  produce: (licence: LicenceMembers) => Promise<OpenBody>,
): Promise<Response> {
  // React Router hands OPTIONS to the loader, as it does HEAD.
  if (request.method !== "GET" && request.method !== "HEAD") return answerOtherMethod(services, request);
  const licence = await licenceMembers(services);
  const problem = problemMaker(request, licence);

  // A revalidation may end as a 304, which costs a tenth; charged the rest once the answer turns out whole.
  const conditional = request.headers.has("If-None-Match");
  const now = Date.now();
  const hit = await hitApiRateLimit(services, clientIp, conditional ? 1 : API_COST_UNITS);
  const rate = rateState(services.config.apiRateLimit, hit, now);
  if (!hit.allowed) {
    const retry = String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
    return problem(
      429,
      "Too Many Requests",
      `This address made more than ${services.config.apiRateLimit} requests in a minute; try again in ${retry} seconds (revalidations with If-None-Match count a tenth).`,
      rate,
      { "Retry-After": retry },
    );
  }

  let made: OpenBody;
  try {
    made = await produce(licence);
  } catch (err) {
    if (err instanceof ApiParamError) return problem(400, "Bad Request", err.message, rate);
    if (err instanceof ApiNotFound) return problem(404, "Not Found", err.message, rate);
    if (err instanceof OpenProblem) return problem(err.status, err.title, err.message, rate);
    throw err;
  }
  const body = JSON.stringify(made.licenceMembers === false ? made.body : { ...made.body, ...licence });
  // The links move with every request (a cursor's signature and expiry, the time to poll from); what they lead to
  // follows from the address asked and the items, so the tag is made of those.
  const stable: Record<string, unknown> = { ...made.body, links: undefined };
  for (const member of made.unstable ?? []) delete stable[member];
  const etagBasis = JSON.stringify([request.url, stable, licence]);
  const answer = openAnswer(request, {
    body,
    etagBasis,
    contentType: `${made.contentType}${CHARSET}`,
    headers: openHeaders({ licence: { url: licence.license.url }, rate, links: made.links }),
    status: made.status,
  });
  if (conditional && answer.status !== 304) await hitApiRateLimit(services, clientIp, API_COST_UNITS - 1);
  return answer;
}
