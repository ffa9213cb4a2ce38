import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, expect, it } from "vitest";
import { routeConsoleToLogger } from "./logger";

const saved = { ...console };
afterEach(() => {
  Object.assign(console, saved);
});

it("console output becomes one escaped JSON line per call: a line feed in a message cannot forge a line", () => {
  let out = "";
  const sink = new Writable({
    write(chunk, _encoding, done) {
      out += String(chunk);
      done();
    },
  });
  routeConsoleToLogger(pino({ base: undefined }, sink));
  const forged = '{"level":60,"msg":"forged"}';
  console.error(new TypeError(`Headers.set: "/es/\n${forged}" is an invalid header value.`));
  console.warn("a warning about", `\n${forged}\n`, { to: `/\r\n${forged}` });
  console.log(`plain\n${forged}`);
  const lines = out.trim().split("\n");
  expect(lines).toHaveLength(3);
  const parsed = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { type: string } });
  expect(parsed.map((p) => p.level)).toEqual([50, 40, 30]);
  expect(parsed[0]?.err?.type).toBe("TypeError");
  expect(parsed[0]?.msg).toContain(forged);
  expect(parsed.every((p) => p.msg !== "forged")).toBe(true);
});
