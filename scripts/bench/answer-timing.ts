// Answer times of the two forms that take any e-mail address (decision 054): the newsletter sign-up for a confirmed
// subscriber vs a new address, and "Forgot your password?" for a staff account vs an unknown address. An answer
// that takes longer when the address is known tells a stranger who is subscribed or has an account. Each request
// comes from its own loopback address (127.1.x.y), so no per-client limit answers in their place; known and unknown
// requests alternate, a few milliseconds apart, over a real HTTP connection to the built server.
//
//   node --import tsx scripts/bench/answer-timing.ts [--rounds 300] [--pause 50] [--entry build/server-entry.js]
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SERVER_ENTRY, signIn, startServer } from "~tests/helpers/server-process";
import { startTestSmtpServer } from "~tests/helpers/smtp";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const rounds = Number(arg("rounds") ?? 300);
const entry = path.resolve(arg("entry") ?? SERVER_ENTRY);
const SITE = "http://permaculture.test";
const owner = { email: "owner@example.org", password: "a long enough password" };

const smtp = await startTestSmtpServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-answer-timing-"));
const server = await startServer(
  {
    DATA_DIR: dataDir,
    SITE_URL: SITE,
    SEED: "none",
    SMTP_URL: smtp.url,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
  },
  90_000,
  [],
  entry,
);

let client = 0;
/** One POST from the next loopback address; resolves with the status and the milliseconds to the last byte. */
function post(pathname: string, body: string, contentType: string): Promise<{ status: number; ms: number }> {
  client++;
  const localAddress = `127.1.${(client >> 8) & 255}.${client & 255 || 1}`;
  const url = new URL(pathname, server.url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: "POST",
        localAddress,
        agent: false,
        headers: { "Content-Type": contentType, Origin: SITE, Accept: "application/json" },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const newsletter = (email: string) =>
  post("/api/newsletter", JSON.stringify({ email, source: "footer" }), "application/json");
const forgot = (email: string) =>
  post("/admin/forgot-password", new URLSearchParams({ email }).toString(), "application/x-www-form-urlencoded");

// A confirmed subscriber: sign up, follow the link in the message, press the button.
const member = "member@example.org";
await newsletter(member);
const [confirmation] = await smtp.waitFor(1, 20_000);
const link = confirmation?.text?.match(/http:\/\/permaculture\.test\/newsletter\/confirm\?token=\S+/)?.[0];
if (!link) throw new Error("no confirmation link");
const token = new URL(link).searchParams.get("token") ?? "";
await post("/newsletter/confirm", new URLSearchParams({ token }).toString(), "application/x-www-form-urlencoded");

// Staff accounts enough that each known request may still send its link (at most three an hour per address).
const cookie = await signIn(server.url, SITE, owner);
const staff = Array.from({ length: Math.ceil(rounds / 2) + 20 }, (_, i) => `staff-${i}@example.org`);
for (const email of staff) {
  const res = await fetch(`${server.url}/admin/dashboard/users`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: SITE, Cookie: cookie },
    body: new URLSearchParams({
      intent: "create",
      name: "Staff",
      email,
      role: "DEFAULT",
      access: "password",
      password: owner.password,
    }),
  });
  if (res.status >= 400) throw new Error(`creating ${email} answered ${res.status}`);
}
let nextStaff = 0;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;
// Time between requests, so that work one request left for after its answer (a sign-up's queueing) is done before
// the next is timed: the figure is the answer's own time.
const pauseMs = Number(arg("pause") ?? 50);
const pause = () => new Promise((r) => setTimeout(r, pauseMs));

async function compare(
  label: string,
  known: () => Promise<{ status: number; ms: number }>,
  unknown: (i: number) => Promise<{ status: number; ms: number }>,
) {
  for (let i = 0; i < 20; i++) {
    await known();
    await unknown(-i - 1);
  }
  const a: number[] = [];
  const b: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < rounds; i++) {
    const first = i % 2 === 0;
    const x = first ? await known() : await unknown(i);
    await pause();
    const y = first ? await unknown(i) : await known();
    await pause();
    (first ? a : b).push(x.ms);
    (first ? b : a).push(y.ms);
    statuses.add(x.status).add(y.status);
  }
  const f = (n: number) => n.toFixed(2);
  console.log(
    `${label}: known median ${f(median(a))} ms (p90 ${f(p90(a))}), unknown median ${f(median(b))} ms (p90 ${f(p90(b))}), ` +
      `difference ${f(median(a) - median(b))} ms over ${rounds} each; statuses ${[...statuses].join(", ")}`,
  );
}

try {
  console.log(`server ${entry}`);
  // Confirmed: a sign-up sends it nothing more.
  await newsletter(member);
  await new Promise((r) => setTimeout(r, 1500));
  if (smtp.received.length !== 1) throw new Error("the subscriber did not confirm");
  await compare(
    "newsletter sign-up (confirmed subscriber vs new address)",
    () => newsletter(member),
    (i) => newsletter(`new-${i}-${Date.now()}@example.net`),
  );
  await compare(
    "forgot password (staff account vs unknown address)",
    () => forgot(staff[nextStaff++ % staff.length] ?? owner.email),
    (i) => forgot(`nobody-${i}@example.org`),
  );
} finally {
  await server.stop();
  await smtp.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
