import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { AnalyticsEventSchema } from "~server/analytics";
import {
  DEFERRED_MODULE_ID,
  deferHydration,
  deferHydrationInDocument,
  deferredPreloads,
  deferredStarter,
  hydratesAfterPaint,
  INTL_WARM_WORKER,
} from "./defer-hydration.server";

const BOOT = `;\nimport * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-B.js");`;

/** A page shaped like React Router's output: preloads hoisted into the head, the bootstrap near the end. */
const page = (nonce = ' nonce="abc=="') =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Programs · Café</title>' +
  `<link rel="modulepreload" href="/assets/entry.client-B.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework-C.js"${nonce}/>` +
  '<link rel="icon" href="/favicon.svg"/><style id="app-css">body{color:#222}</style></head>' +
  "<body><main><h1>Programs — été</h1><p>Links &amp; forms</p></main>" +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">${BOOT}</script>` +
  `<script${nonce}>window.__reactRouterContext.streamController.close();</script></body></html>`;

async function run(chunks: (string | Buffer)[]): Promise<string> {
  return text(Readable.from(chunks).pipe(deferHydration()));
}

function expectDeferred(html: string, nonce: string | null = "abc==") {
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toContain("modulepreload");
  expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
  // The bootstrap code is kept verbatim, inert.
  expect(html).toContain(`<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">${BOOT}</script>`);
  expect(html).not.toContain('type="module" async=""');
  // The starter carries the nonce and both module URLs, in order.
  expect(html).toContain(deferredStarter(["/assets/entry.client-B.js", "/assets/framework-C.js"], nonce ?? undefined));
  expect(deferredPreloads(html)).toEqual(["/assets/entry.client-B.js", "/assets/framework-C.js"]);
  // Everything else is untouched, in place.
  expect(html).toContain("<main><h1>Programs — été</h1><p>Links &amp; forms</p></main>");
  expect(html.endsWith("streamController.close();</script></body></html>")).toBe(true);
  expect(html.indexOf("window.__reactRouterContext = {}")).toBeLessThan(html.indexOf(DEFERRED_MODULE_ID));
}

describe("deferHydration", () => {
  it("moves the module preloads and the bootstrap behind a starter that waits for load and paint", async () => {
    const html = await run([page()]);
    expectDeferred(html);
    expect(html).toContain("addEventListener('load',go,{once:true})");
    expect(html).toContain("requestAnimationFrame");
  });

  it("gives the same document however the stream is cut, even inside a tag or a multi-byte character", async () => {
    const bytes = Buffer.from(page());
    const whole = await run([bytes]);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      expect(await run([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toBe(whole);
    }
    const small: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 5) small.push(bytes.subarray(i, i + 5));
    expect(await run(small)).toBe(whole);
  });

  it("works without a CSP nonce", async () => {
    expectDeferred(await run([page("")]), null);
  });

  it("passes through a document without a bootstrap, and one without a head, byte for byte", async () => {
    const noScripts = "<html><head><title>x</title></head><body><p>Plain</p></body></html>";
    expect(await run([noScripts])).toBe(noScripts);
    // Preloads with no bootstrap to use them would only fetch code nothing runs.
    const preloadsOnly = noScripts.replace("</head>", '<link rel="modulepreload" href="/assets/a.js"/></head>');
    expect(await run([preloadsOnly])).toBe(noScripts);
    const fragment = "<p>No head at all</p>";
    expect(await run([fragment])).toBe(fragment);
  });

  it("sends the page up to a possible bootstrap as soon as it has it", async () => {
    const transform = deferHydration();
    const received: string[] = [];
    transform.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    const html = page();
    const contentEnd = html.indexOf("</main>") + "</main>".length;
    transform.write(html.slice(0, contentEnd));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received.join("")).toContain("<h1>Programs — été</h1>");
    transform.end(html.slice(contentEnd));
    await new Promise((resolve) => transform.on("end", resolve));
    expectDeferred(received.join(""));
  });

  it("carries SITE_URL's hostname for the early page view when asked to", async () => {
    const html = await text(Readable.from([page()]).pipe(deferHydration({ pageViewHostname: "permaculture.example" })));
    expect(html).toContain(
      deferredStarter(["/assets/entry.client-B.js", "/assets/framework-C.js"], "abc==", "permaculture.example"),
    );
    expect(deferredPreloads(html)).toEqual(["/assets/entry.client-B.js", "/assets/framework-C.js"]);
  });

  it("applies to the public pages, the full-screen map included, not to the admin area", () => {
    for (const path of ["/", "/locations", "/location/x", "/programs", "/application", "/nowhere", "/map", "/map/"]) {
      expect(hydratesAfterPaint(path), path).toBe(true);
    }
    for (const path of ["/admin", "/admin/locations", "/ADMIN/login"]) {
      expect(hydratesAfterPaint(path), path).toBe(false);
    }
  });
});

/** Runs a starter script in a bare page-like context; returns its listeners and the beacons it sent. */
function runStarter(hostnameSetting: string | undefined, page: { hostname: string; flag?: boolean }) {
  const script = deferredStarter(["/assets/a.js"], "n1", hostnameSetting);
  const code = script.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
  const listeners: Record<string, (() => void)[]> = {};
  const beacons: { url: string; body: Blob }[] = [];
  const window: Record<string, unknown> = {
    addEventListener: (type: string, fn: () => void) => {
      listeners[type] ??= [];
      listeners[type].push(fn);
    },
    location: { hostname: page.hostname, pathname: "/programs" },
    document: {
      readyState: "loading",
      title: "Programs · Permaculture",
      referrer: "https://search.example/",
      currentScript: { nonce: "n1" },
    },
    navigator: {
      sendBeacon: (url: string, body: Blob) => {
        beacons.push({ url, body });
        return true;
      },
    },
    Blob,
    JSON,
  };
  if (page.flag) window.__pcPageViewSent = true;
  window.window = window;
  vm.runInNewContext(code, window);
  return { listeners, beacons, window };
}

describe("the early page view", () => {
  it("sends the page view as a beacon when the visitor leaves before the app is live", async () => {
    const { listeners, beacons, window } = runStarter("permaculture.example", { hostname: "permaculture.example" });
    expect(beacons).toHaveLength(0);
    for (const fn of listeners.pagehide ?? []) fn();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe("/api/analytics");
    const sent = JSON.parse(await (beacons[0]?.body ?? new Blob([])).text());
    // What the ingestion endpoint accepts, checked with its own schema.
    expect(AnalyticsEventSchema.safeParse(sent).success).toBe(true);
    expect(sent).toEqual({
      kind: "page_view",
      path: "/programs",
      title: "Programs · Permaculture",
      referrer: "https://search.example/",
      hostname: "permaculture.example",
    });
    // Leaving again (a page restored from the back/forward cache) or the app going live later sends nothing more.
    expect(window.__pcPageViewSent).toBe(true);
    for (const fn of listeners.pagehide ?? []) fn();
    expect(beacons).toHaveLength(1);
  });

  it("sends nothing when the app has sent the view, on another hostname, or without a configured hostname", () => {
    for (const [setting, page] of [
      ["permaculture.example", { hostname: "permaculture.example", flag: true }],
      ["permaculture.example", { hostname: "staging.example" }],
      [undefined, { hostname: "permaculture.example" }],
    ] as const) {
      const { listeners, beacons } = runStarter(setting, page);
      for (const fn of listeners.pagehide ?? []) fn();
      expect(beacons, JSON.stringify([setting, page])).toHaveLength(0);
    }
  });
});

describe("deferHydrationInDocument", () => {
  it("rewrites a whole document exactly as the stream does", async () => {
    for (const html of [page(), page().replace(/ nonce="abc=="/g, ""), "<html><body><p>no head</p></body></html>"]) {
      const streamed = await text(
        Readable.from([html]).pipe(deferHydration({ pageViewHostname: "permaculture.example" })),
      );
      expect(deferHydrationInDocument(html, { pageViewHostname: "permaculture.example" })).toBe(streamed);
    }
    expectDeferred(deferHydrationInDocument(page()));
  });
});

describe("the start of hydration", () => {
  /**
   * Runs a starter in a page-like context whose page is hidden (so it starts at once), with a worker that answers
   * when told and an `import()` that records what it loads. Returns the order of what happened.
   */
  function startPage(options: { importFails?: boolean }) {
    const events: string[] = [];
    const timers: (() => void)[] = [];
    let answer: (() => void) | undefined;
    let fail: (() => void) | undefined;
    class FakeWorker {
      onmessage: (() => void) | null = null;
      addEventListener(type: string, listener: () => void) {
        if (type === "error") fail = listener;
      }
      constructor(url: string) {
        events.push(`worker ${url}`);
      }
      postMessage(lang: string) {
        events.push(`warm ${lang}`);
        answer = () => this.onmessage?.();
      }
      terminate() {
        events.push("worker done");
      }
    }
    const element = (tag: string) => ({
      tag,
      textContent: "",
      set href(v: string) {
        events.push(`preload ${v}`);
      },
    });
    const context: Record<string, unknown> = {
      document: {
        hidden: true,
        readyState: "complete",
        documentElement: { lang: "de" },
        currentScript: { nonce: "n1" },
        createElement: element,
        head: { appendChild: () => {} },
        body: { appendChild: (e: { tag: string; textContent: string }) => events.push(`bootstrap ${e.textContent}`) },
        getElementById: () => ({ textContent: "BOOT" }),
      },
      Worker: FakeWorker,
      URL: { createObjectURL: () => "blob:warm" },
      Blob,
      Promise,
      setTimeout: (fn: () => void, ms: number) => {
        if (ms < 1000) timers.push(fn);
      },
      addEventListener: () => {},
    };
    // `import()` in a vm script needs a Node flag; the test gives the starter a recording function in its place.
    context.loadModule = async (specifier: string) => {
      events.push(`import ${specifier}`);
      if (options.importFails) throw new Error("offline");
      return {};
    };
    const code = deferredStarter(["/assets/entry.client-B.js", "/assets/framework-C1_x.js", "/assets/root-D.js"], "n1")
      .replace(/^<script[^>]*>/, "")
      .replace(/<\/script>$/, "");
    expect(code).toContain("import(f)");
    vm.runInNewContext(code.replace("import(f)", "loadModule(f)"), context);
    /** Runs the queued timers and the promise jobs they start, until nothing is left. */
    async function settle() {
      for (let round = 0; round < 20; round++) {
        while (timers.length > 0) timers.shift()?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return { events, settle, answer: () => answer?.(), fail: () => fail?.() };
  }

  it("warms the formatters in a worker, then evaluates the framework, then runs the bootstrap", async () => {
    const page = startPage({});
    await page.settle();
    // The worker is asked for the page's language at once; every preload is in; the bootstrap waits for its answer.
    expect(page.events.slice(0, 2)).toEqual(["worker blob:warm", "warm de"]);
    expect(page.events).toContain("preload /assets/root-D.js");
    expect(page.events.some((e) => e.startsWith("bootstrap") || e.startsWith("import"))).toBe(false);
    page.answer();
    await page.settle();
    expect(page.events.slice(-3)).toEqual(["worker done", "import /assets/framework-C1_x.js", "bootstrap BOOT"]);
  });

  it("runs the bootstrap at once when the worker fails (a blocked script, no memory), not after the wait", async () => {
    const page = startPage({});
    await page.settle();
    expect(page.events.some((e) => e.startsWith("bootstrap"))).toBe(false);
    page.fail();
    await page.settle();
    expect(page.events.slice(-3)).toEqual(["worker done", "import /assets/framework-C1_x.js", "bootstrap BOOT"]);
  });

  it("still runs the bootstrap when the framework cannot be loaded ahead", async () => {
    const page = startPage({ importFails: true });
    page.answer();
    await page.settle();
    expect(page.events.slice(-2)).toEqual(["import /assets/framework-C1_x.js", "bootstrap BOOT"]);
  });

  it("has a worker that builds the page language's formatters (and en-GB's on English pages), and always answers", () => {
    for (const [lang, expected] of [
      ["de", ["de"]],
      ["en", ["en", "en-GB"]],
      ["not a language", []],
    ] as const) {
      const answers: unknown[] = [];
      const built: string[] = [];
      // The real Intl, with each formatter's construction recorded by kind and locale.
      const recorded = (name: "NumberFormat" | "DateTimeFormat" | "PluralRules" | "DisplayNames") =>
        new Proxy(Intl[name], {
          construct(target, args: unknown[]) {
            const made = Reflect.construct(target, args);
            built.push(`${name} ${String(args[0])}`);
            return made;
          },
        });
      const intl = {
        NumberFormat: recorded("NumberFormat"),
        DateTimeFormat: recorded("DateTimeFormat"),
        PluralRules: recorded("PluralRules"),
        DisplayNames: recorded("DisplayNames"),
      };
      const context: Record<string, unknown> = { Intl: intl, Date, postMessage: (m: unknown) => answers.push(m) };
      vm.runInNewContext(INTL_WARM_WORKER, context);
      (context.onmessage as (e: { data: string }) => void)({ data: lang });
      expect(answers, lang).toEqual([1]);
      for (const locale of expected) {
        for (const kind of ["NumberFormat", "DateTimeFormat", "PluralRules", "DisplayNames"]) {
          expect(built, `${lang}: ${kind} ${locale}`).toContain(`${kind} ${locale}`);
        }
      }
    }
  });
});
