import { expect, it } from "vitest";
import { serverForFile } from "~tests/helpers/data-dir";

const SITE = "https://permaculture.example";
const server = serverForFile("proxy-forms-", {
  SEED: "none",
  SITE_URL: SITE,
  ADMIN_EMAIL: "owner@example.org",
  ADMIN_PASSWORD: "a-long-enough-password",
});

const signIn = (origin: string) =>
  fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams({ email: "owner@example.org", password: "a-long-enough-password" }),
  });

// A reverse proxy that does not pass the Host header on (nginx's default proxy_pass): the server sees its upstream
// address as the host while the browser sends the site's origin.
it("accepts a form posted from the site's own origin behind a proxy that rewrites the Host", async () => {
  const res = await signIn(SITE);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/admin/dashboard");
  expect(res.headers.getSetCookie().join(";")).toContain("session_token=");
});

it("still refuses a form posted from another site, with a message, and signs nobody in", async () => {
  const res = await signIn("https://elsewhere.example");
  expect(res.status).toBe(403);
  expect(await res.text()).toContain("Cross-site request refused");
  expect(res.headers.getSetCookie()).toEqual([]);
});
