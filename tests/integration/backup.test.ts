import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, it } from "vitest";
import { openPglite } from "~db/client";
import { listFiles } from "~server/backup";
import { dataDirFolder } from "../helpers/data-dir";
import type { RunningServer } from "../helpers/server-process";

const { work, dataDir, start: startOn, run } = dataDirFolder("bk-");

const SITE = "https://backup-test.example";
const ADMIN = { email: "keeper@example.org", password: "a-long-enough-password" };

/** Runs `npm run <script> -- <file>` as an operator would, on this test's DATA_DIR. */
const npmRun = (script: "backup" | "restore", file: string) => run(["npm", "run", "-s", script, "--", file]);

const start = () =>
  startOn({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: "loopback",
    // Fixed, so the places' links are the same whatever port each start gets.
    SITE_URL: SITE,
  });

/** Rows of a query on a database opened by the test (the server is stopped). */
async function rows<T>(handle: Awaited<ReturnType<typeof openPglite>>, query: string): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

/** Every file a backup should carry, by path, with its content's hash. */
async function fileTree(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const folder of ["media", "storage/objects"]) {
    for (const rel of await listFiles(path.join(dataDir, folder)))
      out[`${folder}/${rel}`] = sha(fs.readFileSync(path.join(dataDir, folder, rel)));
  }
  return out;
}

it("npm run backup copies the running site; npm run restore brings back its content and media, and a backup taken during writes restores consistently", async () => {
  let server = await start();
  const origin = SITE;
  const login = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin },
    body: new URLSearchParams(ADMIN),
  });
  expect(login.status).toBe(302);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  // An upload to the media library (stored under DATA_DIR/storage, with its web variants).
  const photo = await sharp({ create: { width: 640, height: 400, channels: 3, background: "#52796f" } })
    .png()
    .toBuffer();
  const upload = await fetch(`${server.url}/api/storage/o?name=${encodeURIComponent("garden/pond.png")}`, {
    method: "POST",
    headers: { cookie, Origin: origin, "Content-Type": "image/png" },
    body: photo,
  });
  expect(upload.status).toBe(200);
  const { downloadTokens } = (await upload.json()) as { downloadTokens: string };
  const download = async (s: RunningServer) => {
    const res = await fetch(
      `${s.url}/api/storage/download/${encodeURIComponent("garden/pond.png")}?token=${downloadTokens}`,
    );
    return res.ok ? sha(Buffer.from(await res.arrayBuffer())) : `status ${res.status}`;
  };
  const places = async (s: RunningServer) => sha(await (await fetch(`${s.url}/locations.geojson`)).text());

  const before = { places: await places(server), photo: await download(server), files: await fileTree() };
  expect(before.photo).toMatch(/^[0-9a-f]{64}$/);
  expect(Object.keys(before.files).some((f) => f.startsWith("storage/objects/"))).toBe(true);
  expect(Object.keys(before.files).some((f) => f.startsWith("media/demo/"))).toBe(true);

  // 1. A backup of the quiet site, taken from the running server.
  const quiet = path.join(work, "quiet.tar");
  const b1 = await npmRun("backup", quiet);
  expect(b1.out).toContain("taken from the running server");
  expect(b1.code).toBe(0);

  // A restore is refused while the site runs, and changes nothing.
  const refused = await npmRun("restore", quiet);
  expect(refused.code).toBe(1);
  expect(refused.out).toContain("stop it first");
  expect(await download(server)).toBe(before.photo);

  // After the backup: the photo is deleted (its files go) and people sign up.
  const del = await fetch(`${server.url}/api/storage/o/${encodeURIComponent("garden/pond.png")}`, {
    method: "DELETE",
    headers: { cookie, Origin: origin },
  });
  expect(del.status).toBe(204);
  expect(await download(server)).toBe("status 404");

  // 2. A backup taken while sign-ups keep arriving (each one a subscription and its confirmation message, written in
  // one transaction).
  let n = 0;
  let writing = true;
  const acknowledged: string[] = [];
  const declined: string[] = [];
  const writer = (async () => {
    while (writing) {
      n += 1;
      const email = `during-${n}@example.org`;
      const res = await fetch(`${server.url}/api/newsletter`, {
        method: "POST",
        headers: {
          Origin: origin,
          Accept: "application/json",
          "Content-Type": "application/json",
          "X-Forwarded-For": `203.0.113.${n % 250}`,
        },
        body: JSON.stringify({ email, source: "footer" }),
      });
      if (res.status === 200) acknowledged.push(email);
      else declined.push(`${res.status} ${await res.text()}`);
    }
  })();
  // Sign-ups are arriving before the backup starts, and keep arriving after it ends (waited for, not timed: a busy
  // machine answers the first one later).
  const arrivals = async (atLeast: number) => {
    for (let i = 0; i < 600 && acknowledged.length < atLeast; i++) await new Promise((r) => setTimeout(r, 50));
  };
  await arrivals(1);
  const ackedBefore = acknowledged.length;
  const busy = path.join(work, "busy.tar");
  const b2 = await npmRun("backup", busy);
  const ackedAfter = acknowledged.length;
  await arrivals(ackedAfter + 1);
  writing = false;
  await writer;
  expect(b2.code, b2.out).toBe(0);
  expect(ackedBefore, declined.slice(0, 3).join("; ")).toBeGreaterThan(0);
  expect(acknowledged.length).toBeGreaterThan(ackedAfter);

  expect(await server.stop()).toBe(0);

  // A damaged (truncated) backup is refused and leaves the site as it was.
  const truncated = path.join(work, "truncated.tar");
  const whole = fs.readFileSync(busy);
  fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
  const bad = await npmRun("restore", truncated);
  expect(bad.code).toBe(1);
  expect(bad.out).toMatch(/incomplete|not a readable backup/);

  // The busy backup restores to a consistent state: every sign-up in it has its confirmation message and no message
  // is without its sign-up; it holds every sign-up acknowledged before the backup began and none made after it ended.
  const r2 = await npmRun("restore", busy);
  expect(r2.code, r2.out).toBe(0);
  const db = await openPglite(path.join(dataDir, "pglite"));
  try {
    const subs = await rows<{ email: string }>(
      db,
      "SELECT email FROM newsletter_subscriptions WHERE email LIKE 'during-%'",
    );
    const mails = await rows<{ to_address: string }>(
      db,
      "SELECT to_address FROM mail_messages WHERE kind = 'newsletter-confirm' AND to_address LIKE 'during-%'",
    );
    const subscribed = subs.map((r) => r.email).sort();
    expect(subscribed.length).toBeGreaterThanOrEqual(ackedBefore);
    expect(mails.map((r) => r.to_address).sort()).toEqual(subscribed);
    for (const email of acknowledged.slice(0, ackedBefore)) expect(subscribed).toContain(email);
    for (const email of acknowledged.slice(ackedAfter)) expect(subscribed).not.toContain(email);
  } finally {
    await db.close();
  }

  // 3. The quiet backup brings back what was there when it was taken: places, the deleted photo and every file, the
  // sign-in (sessions and secrets), and none of the later sign-ups.
  const r1 = await npmRun("restore", quiet);
  expect(r1.code, r1.out).toBe(0);
  expect(r1.out).toContain("What was there before is kept in");
  const quietDb = await openPglite(path.join(dataDir, "pglite"));
  try {
    const later = await rows<{ n: number }>(
      quietDb,
      "SELECT count(*)::int AS n FROM newsletter_subscriptions WHERE email LIKE 'during-%'",
    );
    expect(later[0]?.n).toBe(0);
  } finally {
    await quietDb.close();
  }
  server = await start();
  expect(await places(server)).toBe(before.places);
  expect(await download(server)).toBe(before.photo);
  expect(await fileTree()).toEqual(before.files);
  expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
}, 300_000);
