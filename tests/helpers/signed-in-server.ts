import { afterAll, beforeAll } from "vitest";
import { type RunningServer, startSignedIn } from "./server-process";

/** A test file's own server with its owner signed in, and requests made in the owner's session. */
export type SignedInServer = {
  server: RunningServer;
  cookie: string;
  /** A GET in the owner's session; redirects are not followed. */
  get(path: string): Promise<Response>;
  /** A form POST in the owner's session, from the site's own origin; redirects are not followed. */
  post(path: string, body: URLSearchParams): Promise<Response>;
};

/**
 * Starts a server of the file's own (a fresh DATA_DIR named from `folderPrefix`) before the file's tests and signs
 * its owner in; stops it and removes its folder after them. The fields are set once the file's first `beforeAll` has
 * run.
 */
export function signedInServer(
  site: string,
  owner: { email: string; password: string },
  folderPrefix: string,
): SignedInServer {
  let stop: (() => Promise<void>) | undefined;
  const made = {
    get: (p: string) => fetch(`${made.server.url}${p}`, { headers: { Cookie: made.cookie }, redirect: "manual" }),
    post: (p: string, body: URLSearchParams) =>
      fetch(`${made.server.url}${p}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site, Cookie: made.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
  } as SignedInServer;
  beforeAll(async () => {
    const started = await startSignedIn(site, owner, folderPrefix);
    made.server = started.server;
    made.cookie = started.cookie;
    stop = started.stop;
  });
  afterAll(async () => {
    await stop?.();
  });
  return made;
}
