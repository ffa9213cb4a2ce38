import type { AppLoadContext } from "react-router";

/** A load context for calling public loaders and actions directly, with the services a test provides. */
export function publicContext(services: Record<string, unknown>): AppLoadContext {
  return { services, cspNonce: "", clientIp: "" } as unknown as AppLoadContext;
}

// Route functions read only the request, the load context and the params; one loose shape serves every route.
// biome-ignore lint/suspicious/noExplicitAny: the argument types of each route's loader and action differ
type Args = any;

/** GET and form-POST arguments for a route's loader and action. */
export function routeCalls(context: AppLoadContext) {
  return {
    get: (url: string): Args => ({ request: new Request(url), context, params: {} }),
    post: (url: string, body: Record<string, string>): Args => ({
      request: new Request(url, { method: "POST", body: new URLSearchParams(body) }),
      context,
      params: {},
    }),
  };
}

/** A loader's or action's answer as a client gets it: its status (200 unless set with `data(…, { status })`) and data. */
export function answer(result: unknown): { status: number; data: unknown } {
  if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, data };
  }
  return { status: 200, data: result };
}
