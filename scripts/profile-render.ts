// Profiles fresh renders (render cache bypassed with a cookie) of public pages: starts the built server under
// `--cpu-prof`, loads one page kind at a time, and prints where the CPU time went. The .cpuprofile files it keeps
// open as flame graphs in Chrome DevTools (Performance panel, "Load profile") or speedscope.
//
//   npx tsx scripts/profile-render.ts [--seconds 8] [--out profiles] [location|home|locations|/a/path ...]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "~tests/helpers/server-process";
import { takeFlag } from "./cli-flags";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

// The built server's own files (`build/` or the BUILD_DIR in use).
const buildPath = `/${path.basename(path.resolve(process.env.BUILD_DIR ?? "build"))}/`;

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => takeFlag(args, name, fallback);
const seconds = Number(flag("seconds", "8"));
const outDir = path.resolve(flag("out", "profiles"));
const pages = args.length > 0 ? args : ["location", "home", "locations"];

/** Groups a frame by what it belongs to: a package, a Node internal, WebAssembly, or our own build. */
function owner(frame: Node["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) return functionName || "(native)";
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith("node:")) return url.replace(/^node:internal\//, "node:");
  if (url.startsWith("wasm://")) return "(wasm: the embedded database)";
  if (url.startsWith("data:")) return "(wasm, inline)";
  if (url.includes(buildPath)) return "(our code)";
  return url;
}

function summarise(profile: Profile, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Only samples from the first page request on: the server's start (migrations, seeding, loading modules) is in
  // the same profile and is not what a render costs.
  const handlesRequest = (id: number) => {
    for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
      if (byId.get(c)?.callFrame.functionName === "handleDocumentRequest") return true;
    }
    return false;
  };
  const firstRequest = profile.samples.findIndex(handlesRequest);
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (i < firstRequest) return;
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const busy = [...selfTime].filter(([id]) => byId.get(id)?.callFrame.functionName !== "(idle)");
  const total = busy.reduce((a, [, t]) => a + t, 0);
  const label = (n: Node) =>
    `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/.*node_modules\//, "").replace(/.*\/build[^/]*\//, "build/")}:${n.callFrame.lineNumber}`;
  const byOwner = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const [id, t] of busy) {
    const node = byId.get(id);
    if (!node) continue;
    byOwner.set(owner(node.callFrame), (byOwner.get(owner(node.callFrame)) ?? 0) + t);
    const seen = new Set<string>();
    for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
      const n = byId.get(c);
      if (!n?.callFrame.url.includes(buildPath)) continue;
      const k = label(n);
      if (!seen.has(k)) {
        seen.add(k);
        inclusive.set(k, (inclusive.get(k) ?? 0) + t);
      }
    }
  }
  const perRequest = (us: number) => `${(us / 1000 / requests).toFixed(3)} ms/req`;
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)} %  ${perRequest(t).padStart(14)}  ${k}`)
      .join("\n");
  console.log(`CPU busy ${(total / 1000).toFixed(0)} ms over ${requests} requests: ${perRequest(total)}`);
  console.log("By owner (self time):");
  console.log(top(byOwner, 14));
  console.log("Our code (inclusive time):");
  console.log(top(inclusive, 14));
}

fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-"));
try {
  for (const page of pages) {
    const profDir = fs.mkdtempSync(path.join(os.tmpdir(), "cpuprof-"));
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }, 90_000, [
      "--cpu-prof",
      `--cpu-prof-dir=${profDir}`,
    ]);
    try {
      const list = await (await fetch(`${server.url}/locations?limit=96`)).text();
      const locations = [...new Set([...list.matchAll(/href="(\/location\/[^"]+)"/g)].map((m) => m[1]))];
      const paths =
        page === "location" ? locations : page === "home" ? ["/"] : page.startsWith("/") ? [page] : ["/locations"];
      if (paths.length === 0) throw new Error("no location links on /locations");
      let i = 0;
      const result = await autocannon({
        url: server.url,
        connections: 10,
        duration: seconds,
        // A cookie the site reads: the render cache never answers it, so each request is rendered afresh.
        headers: { cookie: "pc.session_token=profile" },
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }],
      });
      await server.stop("SIGINT");
      const file = fs.readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
      if (!file) throw new Error(`no profile written: ${server.output()}`);
      const target = path.join(outDir, `${page}.cpuprofile`);
      fs.copyFileSync(path.join(profDir, file), target);
      console.log(
        `\n== ${page} (${paths.length} URL${paths.length > 1 ? "s" : ""}, ${result.requests.average.toFixed(0)} req/s under the profiler) → ${path.relative(process.cwd(), target)}`,
      );
      summarise(JSON.parse(fs.readFileSync(target, "utf8")) as Profile, result.requests.total);
    } finally {
      await server.stop();
      fs.rmSync(profDir, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
