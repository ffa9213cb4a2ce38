import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csrfGuard } from "./security";

let server: import("node:http").Server;
let base = "";

beforeAll(async () => {
  const app = express();
  app.use(csrfGuard({ siteUrl: "https://permaculture.example.org" }));
  app.use((_req, res) => {
    res.status(200).send("reached");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A POST as a mail provider sends a one-click unsubscribe, or as another site's form would: from elsewhere. */
const postFromElsewhere = (path: string) =>
  fetch(`${base}${path}?token=x`, {
    method: "POST",
    headers: { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
    body: "List-Unsubscribe=One-Click",
  });

describe("the cross-site guard", () => {
  it("lets a one-click unsubscribe through on every language's unsubscribe page, and nothing else", async () => {
    for (const path of [
      "/newsletter/unsubscribe",
      "/es/newsletter/unsubscribe",
      "/de/newsletter/unsubscribe",
      // Episode e-mails carry the same one-click unsubscribe (decision 057).
      "/podcast/unsubscribe",
      "/fr/podcast/unsubscribe",
    ]) {
      expect({ path, status: (await postFromElsewhere(path)).status }).toEqual({ path, status: 200 });
    }
    for (const path of [
      "/es/newsletter/confirm",
      "/es/application",
      "/xx/newsletter/unsubscribe",
      "/podcast/confirm",
    ]) {
      expect({ path, status: (await postFromElsewhere(path)).status }).toEqual({ path, status: 403 });
    }
  });
});
