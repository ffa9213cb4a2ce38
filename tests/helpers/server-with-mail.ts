import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";
import { formBody, formToken } from "./form-posts";
import { type RunningServer, signIn, startServer } from "./server-process";
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from "./smtp";

/** The first administrator of every such server. */
export const OWNER = { email: "owner@example.org", password: "the owner's password 1" };

export type ServerWithMail = {
  /** The site's address (SITE_URL), which its links and messages name. */
  siteUrl: string;
  server: RunningServer;
  smtp: TestSmtpServer;
  /** The first administrator's session (a Cookie header). */
  cookie: string;
  /** A page of the server under test (with the administrator's session when `signedIn`); redirects not followed. */
  get(p: string, signedIn?: boolean): Promise<Response>;
  /**
   * A form post as a browser sends it from the site's page (with the administrator's session when `signedIn`); a
   * list value is sent as the same field repeated.
   */
  post(p: string, fields: Record<string, string | string[]>, signedIn?: boolean): Promise<Response>;
  /** A JSON post from the site's own page, answered in JSON (the newsletter's sign-up API). */
  postJson(p: string, body: unknown): Promise<Response>;
  /** The path and query of a link in a message (which names the site's address), on the server under test. */
  local(link: string): string;
  /** Opens a link from a message on the server under test, as its reader would. */
  open(link: string): Promise<Response>;
  /** A public form's timing token, as its page would have issued it five seconds ago. */
  formToken(form: string): string;
  /** The messages received for an address so far. */
  inbox(to: string): ReceivedMail[];
  /** Waits (up to 15 s) until an address has received `n` messages, and gives them. */
  arrived(to: string, n: number): Promise<ReceivedMail[]>;
  /** A farm suggested on the English form by a visitor who leaves `email`: the acknowledgement they receive. */
  acknowledgedSuggestion(name: string, email: string): Promise<ReceivedMail | undefined>;
};

/**
 * The built server on a fresh folder of its own (`<name>-…`), sending its mail through a real SMTP server, with OWNER
 * as its first administrator, signed in: started before the file's tests and stopped, its folder removed, after them.
 * `siteUrl` is its SITE_URL (http://permaculture.test unless said); `env` adds to or overrides its environment (SEED,
 * MAIL_REPLY_TO…). Its fields are set once the file's `beforeAll` has run; the functions may be taken from it at once.
 */
export function serverWithMail(
  name: string,
  opts: { siteUrl?: string; env?: Record<string, string> } = {},
): ServerWithMail {
  const siteUrl = opts.siteUrl ?? "http://permaculture.test";
  const authSecret = `${name}-integration-secret-0123456789abcdef`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const local = (link: string) => {
    const u = new URL(link);
    return `${u.pathname}${u.search}`;
  };
  const inbox = (to: string) => site.smtp.received.filter((m) => m.envelopeTo.includes(to));
  const site: ServerWithMail = {
    siteUrl,
    server: undefined as unknown as RunningServer,
    smtp: undefined as unknown as TestSmtpServer,
    cookie: "",
    get: (p, signedIn = false) =>
      fetch(`${site.server.url}${p}`, { redirect: "manual", headers: signedIn ? { Cookie: site.cookie } : {} }),
    post: (p, fields, signedIn = false) =>
      fetch(`${site.server.url}${p}`, {
        method: "POST",
        body: formBody(fields),
        redirect: "manual",
        headers: { Origin: siteUrl, ...(signedIn ? { Cookie: site.cookie } : {}) },
      }),
    postJson: (p, body) =>
      fetch(`${site.server.url}${p}`, {
        method: "POST",
        headers: { Origin: siteUrl, Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }),
    local,
    open: (link) => site.get(local(link)),
    formToken: (form) => formToken(authSecret, form),
    inbox,
    async arrived(to, n) {
      for (let i = 0; i < 300 && inbox(to).length < n; i++) await new Promise((r) => setTimeout(r, 50));
      return inbox(to);
    },
    async acknowledgedSuggestion(name, email) {
      const res = await site.post("/suggest-a-place", {
        [PROPOSAL_TOKEN_FIELD]: site.formToken("suggest-place"),
        name,
        markerType: "farm",
        country: "Chile",
        proposerEmail: email,
        consent: "on",
      });
      expect(res.status).toBe(303);
      return (await site.arrived(email, 1))[0];
    },
  };

  beforeAll(async () => {
    site.smtp = await startTestSmtpServer();
    site.server = await startServer({
      DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      AUTH_SECRET: authSecret,
      SMTP_URL: site.smtp.url,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ...opts.env,
    });
    site.cookie = await signIn(site.server.url, siteUrl, OWNER);
  }, 120_000);

  afterAll(async () => {
    await site.server?.stop();
    await site.smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return site;
}
