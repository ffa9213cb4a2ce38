// Initial JavaScript per page: every script the HTML asks for before anything is lazily loaded (module preloads, also
// when deferred, and the bootstrap's imports), gzip-compressed one by one as a browser would receive them. Budget for `/`: 120 KB.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { deferredPreloads } from "~/server-lib/defer-hydration.server";
import { startServer } from "~tests/helpers/server-process";

// The home page in each language too: each carries its own language's messages.
const PAGES = ["/", "/es", "/pt", "/fr", "/de", "/locations", "/es/locations", "/programs", "/application", "/map"];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-js-"));
const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
try {
  console.log("\nInitial JavaScript (gzip; lazily loaded islands and the map library excluded by construction)");
  console.log("| page | scripts | KB gzip | largest |");
  console.log("| --- | ---: | ---: | --- |");
  for (const page of PAGES) {
    const html = await (await fetch(`${server.url}${page}`, { headers: { cookie: "bench=1" } })).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
    for (const m of html.matchAll(/import[^"]*"(\/assets\/[^"]+\.js)"/g)) if (m[1]) urls.add(m[1]);
    // Public pages list their preloads in the deferred-hydration starter.
    for (const url of deferredPreloads(html)) urls.add(url);
    const sizes: [number, string][] = [];
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
      sizes.push([gzipSync(body, { level: 6 }).length, url]);
    }
    sizes.sort((a, b) => b[0] - a[0]);
    const total = sizes.reduce((s, [n]) => s + n, 0);
    const largest = sizes
      .slice(0, 3)
      .map(([n, u]) => `${path.basename(u).replace(/-[\w-]{8}\.js$/, "")} ${(n / 1024).toFixed(1)}`)
      .join(", ");
    console.log(`| ${page} | ${sizes.length} | ${(total / 1024).toFixed(1)} | ${largest} |`);
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
