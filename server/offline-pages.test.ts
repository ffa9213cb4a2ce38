import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n/languages";
import { offlinePageHtml, offlinePagePath } from "~/lib/offline-page";
import { serverTranslate } from "~/server-lib/messages.server";
import { offlinePagesRouter } from "./offline-pages";

describe("the offline pages, served", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express().use(offlinePagesRouter());
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answer at /offline.html and /offline-<code>.html in each language, as the message files say them", async () => {
    for (const lang of LANGUAGES) {
      const res = await fetch(`${base}${offlinePagePath(lang)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).toBe(offlinePageHtml(lang, serverTranslate(lang)));
    }
    expect((await fetch(`${base}/offline-xx.html`)).status).toBe(404);
  });
});
