import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { PAGE_VIEW_FLAG } from "~/lib/page-view-flag";
import { isStaffPath } from "~/lib/staff-path";

/**
 * Public pages paint first and hydrate after (decision 009).
 *
 * React Router puts a `<link rel="modulepreload">` in the head for every module of the page and ends the body with
 * an inline module script that imports them and starts hydration. A browser on a fast connection then has the
 * scripts before its first paint and runs them in the same stretch; on a slow one they compete with the page's
 * own HTML and images for bandwidth. Our pages are complete without JavaScript (server-rendered, links and plain
 * forms), so this stream transform holds the scripts back until the page has loaded and painted:
 *
 * - the modulepreload links leave the head;
 * - the bootstrap script keeps its code, but as an inert `<script type="text/x-deferred-module">`;
 * - a small inline script, after the load event, the first paint and two more frames, adds the same preload links
 *   (all of them before any module runs, so nothing is discovered in a waterfall; two per task, so no task is long)
 *   and then runs the bootstrap code as a module script.
 *
 * Everything else passes through byte for byte. Only the head and the stretch up to the bootstrap are held, never
 * more than what React has already rendered, and nothing at all once the bootstrap has been rewritten.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*?\/?>/g;
const BOOTSTRAP_OPEN = /<script(?: nonce="([^"]*)")? type="module" async="">/;
export const DEFERRED_MODULE_ID = "deferred-hydration";

/**
 * Which pages paint before hydrating: every public page, /map included (decision 010: its server-drawn clusters are
 * its first paint, and compiling the scripts during that first frame made it the page's longest task). The admin
 * area, where staff work, starts its scripts at once.
 */
export function hydratesAfterPaint(pathname: string): boolean {
  return !isStaffPath(pathname);
}

/**
 * The code of a worker that builds the page language's number, date and plural formatters once and answers.
 *
 * A page's first `Intl.NumberFormat` or `Intl.DateTimeFormat` makes the browser load its ICU number and calendar
 * data: about 95 ms on a phone (4× slowdown), in one call that cannot be split, and it came inside hydration's
 * longest task. That data is the renderer process's, not the thread's: after a worker has made the same formatters,
 * the page's own first NumberFormat takes about 1 ms and its first DateTimeFormat about 7 (decision 043). English
 * pages format dates as `en-GB` (`intlLocale`), so both are warmed.
 */
export const INTL_WARM_WORKER =
  "onmessage=function(e){[e.data,e.data==='en'?'en-GB':e.data].forEach(function(l){try{" +
  "new Intl.NumberFormat(l).format(1234.5);new Intl.NumberFormat(l,{style:'currency',currency:'EUR'}).format(5);" +
  "new Intl.DateTimeFormat(l,{day:'numeric',month:'long',year:'numeric',timeZone:'UTC'})" +
  ".formatRange(new Date(0),new Date(9e9));new Intl.PluralRules(l).select(2);" +
  "new Intl.DisplayNames([l],{type:'region'}).of('FR')}catch(x){}});postMessage(1)}";

/** The file of the "framework" chunk group (vite.config.ts): React, React DOM, React Router. */
export const FRAMEWORK_FILE = /\/framework-[\w-]+\.js$/;

// The starter's code after its per-page values (`p`, the module URLs; `n`, the nonce; `h`, the hostname whose page
// views count); the same for every page.
const STARTER_BODY =
  `FRAMEWORK=${FRAMEWORK_FILE.toString()},` +
  "started=false;function run(){if(started)return;started=true;" +
  // First the formatters are warmed in a worker (above), while the modules download: started only now, after the
  // first paint, so that its thread does not take a core from the page's parsing and layout. The bootstrap waits
  // for its answer, at most 1.5 s; a browser without workers or blob URLs starts as before.
  "var warm=new Promise(function(r){try{var w=new Worker(URL.createObjectURL(new Blob([" +
  JSON.stringify(INTL_WARM_WORKER) +
  "],{type:'text/javascript'}))),d=function(){w.terminate();r()};w.onmessage=d;w.addEventListener('error',d);" +
  "w.postMessage(document.documentElement.lang||'en');setTimeout(r,1500)}catch(e){r()}});" +
  // The preloads go in two per task, and the bootstrap in a task of its own: each request a script starts costs the
  // main thread a little, and eleven of them with the bootstrap made one long task.
  "var i=0;(function next(){" +
  "for(var k=0;k<2&&i<p.length;k++,i++){var l=document.createElement('link');l.rel='modulepreload';l.href=p[i];" +
  "document.head.appendChild(l)}" +
  "if(i<p.length){setTimeout(next,0);return}" +
  // Then, once the formatters are warm, React and React Router are evaluated in a task of their own (a dynamic
  // import of the framework file), so that the bootstrap's task evaluates only the page's own modules: one graph of
  // about 84 ms at 4× becomes two of about 50 and 35. The bootstrap runs even if that import fails.
  "warm.then(function(){var f=p.filter(function(u){return FRAMEWORK.test(u)})[0];return f&&import(f)})" +
  ".then(boot,boot)})()}" +
  `function boot(){setTimeout(function(){var s=document.createElement('script');s.type='module';s.nonce=n;` +
  `s.textContent=document.getElementById('${DEFERRED_MODULE_ID}').textContent;document.body.appendChild(s)},0)}` +
  // After load, wait until the first contentful paint has been presented and two more frames have passed (an
  // image painted just after load), then start. A background tab paints nothing: start at once there. If paint
  // timing is missing or never comes, start anyway after three seconds.
  "function go(){if(document.hidden)return run();var painted=false,framed=false;" +
  "function maybe(){if(painted&&framed)run()}" +
  "try{new PerformanceObserver(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){" +
  "o.disconnect();painted=true;maybe()}}).observe({type:'paint',buffered:true})}catch(e){painted=true}" +
  "requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(function(){framed=true;maybe()},0)})});" +
  "setTimeout(run,3000)}" +
  "if(document.readyState==='complete')go();else addEventListener('load',go,{once:true})";

/**
 * The page view of a visitor who leaves before the app is live (the app sends it once it is: analytics.tsx). On
 * `pagehide`, unless the app has sent it (the `PAGE_VIEW_FLAG` window property), and only on the production hostname `h`,
 * the same event goes out as a beacon: path, title, referrer, no cookies.
 */
const EARLY_PAGE_VIEW =
  ";if(h)addEventListener('pagehide',function(){" +
  `if(window.${PAGE_VIEW_FLAG}||location.hostname!==h)return;window.${PAGE_VIEW_FLAG}=true;` +
  "try{navigator.sendBeacon('/api/analytics',new Blob([JSON.stringify({kind:'page_view',path:location.pathname," +
  "title:document.title,referrer:document.referrer||undefined,hostname:location.hostname})],{type:'text/plain'}))}" +
  "catch(e){}});";

const STARTER_PRELOADS = /<script(?: nonce="[^"]*")?>\(function\(\)\{var p=(\[[^\]]*\]),/;

/**
 * The inline script that starts hydration after load and paint. `hrefs` are the page's module URLs;
 * `pageViewHostname`, SITE_URL's hostname, turns on the early page view (above).
 */
export function deferredStarter(hrefs: string[], nonce: string | undefined, pageViewHostname?: string): string {
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  const host = JSON.stringify(pageViewHostname ?? "").replace(/</g, "\\u003c");
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>(function(){var p=${list},n=document.currentScript.nonce,h=${host},${STARTER_BODY}${EARLY_PAGE_VIEW}})()</script>`;
}

/** The module URLs a deferred page will preload once it starts (for the initial-JavaScript benchmark and tests). */
export function deferredPreloads(html: string): string[] {
  const match = STARTER_PRELOADS.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as string[]) : [];
}

/** The rewrite as a state machine over text as it comes: `push` returns what can go out now, `finish` the rest. */
function rewriter(options: { pageViewHostname?: string }) {
  let held = "";
  let phase: "head" | "body" | "done" = "head";
  const hrefs: string[] = [];

  /** Processes what is held; returns the text that can go out now. */
  function advance(final: boolean): string {
    let out = "";
    if (phase === "head") {
      const end = held.indexOf("</head>");
      if (end === -1) {
        if (!final) return "";
        phase = "done";
        out = held;
        held = "";
        return out;
      }
      out += held.slice(0, end).replace(PRELOAD, (_tag, href: string) => {
        hrefs.push(href);
        return "";
      });
      held = held.slice(end);
      phase = "body";
    }
    if (phase === "body") {
      const open = BOOTSTRAP_OPEN.exec(held);
      const close = open ? held.indexOf("</script>", open.index) : -1;
      if (open && close !== -1) {
        const code = held.slice(open.index + open[0].length, close);
        out += held.slice(0, open.index);
        out += `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">${code}</script>`;
        out += deferredStarter(hrefs, open[1], options.pageViewHostname);
        held = held.slice(close + "</script>".length);
        phase = "done";
      } else if (final) {
        // No bootstrap came: the page has no scripts to start, and the preloads would only fetch unused code.
        out += held;
        held = "";
        phase = "done";
      } else {
        // Keep from an opening tag that may be the bootstrap, or a tag cut off at the end of the chunk.
        const lastOpen = held.lastIndexOf("<");
        const keepFrom = open
          ? open.index
          : lastOpen !== -1 && held.indexOf(">", lastOpen) === -1
            ? lastOpen
            : held.length;
        out += held.slice(0, keepFrom);
        held = held.slice(keepFrom);
        return out;
      }
    }
    out += held;
    held = "";
    return out;
  }

  return {
    push(text: string): string {
      if (phase === "done") return text;
      held += text;
      return advance(false);
    },
    finish(): string {
      return phase === "done" ? held : advance(true);
    },
  };
}

/** The rewrite of a whole document at once (public pages are rendered whole before they are sent). */
export function deferHydrationInDocument(html: string, options: { pageViewHostname?: string } = {}): string {
  const r = rewriter(options);
  return r.push(html) + r.finish();
}

/** The same rewrite as a stream transform, for a document sent as it renders. */
export function deferHydration(options: { pageViewHostname?: string } = {}): Transform {
  const decoder = new StringDecoder("utf8");
  const r = rewriter(options);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const out = r.push(typeof chunk === "string" ? chunk : decoder.write(chunk));
      callback(null, out.length > 0 ? out : undefined);
    },
    flush(callback) {
      const out = r.push(decoder.end()) + r.finish();
      callback(null, out.length > 0 ? out : undefined);
    },
  });
}
