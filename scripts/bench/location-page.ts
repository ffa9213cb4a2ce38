// Location page throughput: the real server (render cache hit and miss) beside a bare Node http server sending the
// same bytes, measured with autocannon over loopback. Prints figures; asserts nothing.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "../../tests/helpers/server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Figures = { label: string; rps: number; p50: number; p99: number };

async function measure(label: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} non-2xx answers`);
  return { label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function benchLocationPage(): Promise<Figures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  const bare = http.createServer();
  try {
    const list = await (await fetch(`${server.url}/locations`)).text();
    const href = list.match(/href="(\/location\/[^"]+)"/)?.[1];
    if (!href) throw new Error("no location link on /locations");
    const url = `${server.url}${href}`;
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get("content-type") ?? "text/html";
    bare.on("request", (_req, out) => {
      out.writeHead(200, { "content-type": contentType, "content-length": body.length });
      out.end(body);
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", () => r()));
    const addr = bare.address();
    const bareUrl = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}${href}`;

    const figures = [
      await measure("bare node http (same bytes)", bareUrl),
      await measure("server, render cache hit", url),
      // Any cookie bypasses the render cache: every request renders with React and reads the database.
      await measure("server, uncached render", url, { cookie: "bench=1" }),
    ];
    console.log(
      `\nLocation page ${href} (${(body.length / 1024).toFixed(1)} KB HTML), ${CONNECTIONS} connections, ${DURATION_S} s each`,
    );
    console.log("| target | req/s | p50 ms | p99 ms | req/s vs bare |");
    console.log("| --- | ---: | ---: | ---: | ---: |");
    const bareRps = figures[0]?.rps ?? 1;
    for (const f of figures) {
      console.log(`| ${f.label} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${(f.rps / bareRps).toFixed(3)} |`);
    }
    return figures;
  } finally {
    bare.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchLocationPage();
}
