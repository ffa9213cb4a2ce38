import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { lowerModulePreloads, lowPriorityModulePreloads } from "./head-rewrite.server";

async function run(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks.map((c) => Buffer.from(c))).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const HEAD =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/><title>Café</title></head>';
const BODY = '<body><p>Text with <link rel="modulepreload"> in the body stays as it is — ünïcode</p></body></html>';

it("marks every module preload in the head as low priority and leaves the body alone", async () => {
  const html = await run([HEAD + BODY]);
  expect(html).toBe(lowerModulePreloads(HEAD) + BODY);
  expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
  expect(html).toContain("in the body stays as it is");
  expect(html).not.toContain('<link rel="modulepreload" fetchpriority="low"> in the body');
});

it("works when the head arrives in pieces that split tags and multi-byte characters", async () => {
  const whole = HEAD + BODY;
  const bytes = Buffer.from(whole);
  // Split at odd byte offsets, including inside "é" and inside "</head>".
  const cuts = [5, 23, 60, 97, 121, whole.indexOf("</head>") + 3, bytes.length];
  let at = 0;
  const chunks: Buffer[] = [];
  for (const cut of cuts) {
    chunks.push(bytes.subarray(at, cut));
    at = cut;
  }
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(lowPriorityModulePreloads());
  for await (const chunk of stream) out.push(chunk as Buffer);
  expect(Buffer.concat(out).toString("utf8")).toBe(lowerModulePreloads(HEAD) + BODY);
});

it("passes a document without a head end through unchanged", async () => {
  expect(await run(["<p>fragment", " only</p>"])).toBe("<p>fragment only</p>");
});
