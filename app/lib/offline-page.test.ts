import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverTranslate } from "../server-lib/messages.server";
import { LANGUAGES } from "./i18n/languages";
import { offlinePageHtml, offlinePagePath } from "./offline-page";

const PUBLIC = path.resolve(import.meta.dirname, "..", "..", "public");

describe("the offline pages", () => {
  it("speak their language and link to its home page; the English one stays at /offline.html", () => {
    const es = offlinePageHtml("es", serverTranslate("es"));
    expect(es).toContain('<html lang="es">');
    expect(es).toContain("<h1>Sin conexión</h1>");
    expect(es).toContain('<a href="/es">Ir a la página de inicio</a>');
    expect(offlinePagePath("en")).toBe("/offline.html");
    const en = offlinePageHtml("en", serverTranslate("en"));
    expect(en).toContain("<title>You are offline | Permaculture Network</title>");
    expect(en).toContain('<a href="/">Try the home page</a>');
  });

  it("are named in the service worker, which picks one by the page's first path segment", () => {
    const sw = fs.readFileSync(path.join(PUBLIC, "sw.js"), "utf8");
    const named = sw.match(/const OFFLINE_LANGUAGES = (\[[^\]]*\])/)?.[1] ?? "[]";
    expect(JSON.parse(named)).toEqual(LANGUAGES.filter((l) => l !== "en"));
  });
});
