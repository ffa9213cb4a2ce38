import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../helpers/scratch-postgres";
import { freePort, type RunningServer, startServer } from "../helpers/server-process";

const pgUrl = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const servers: RunningServer[] = [];
let proxy: http.Server | undefined;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => {});
  proxy?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await scratch?.drop();
});

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

// Two instances on one Postgres database behind a round-robin proxy (the embedded database has one process).
describe.skipIf(!pgUrl)("two instances behind a load balancer", () => {
  it("start together, share forms, sign-ins and content, and converge after a lost notification", async () => {
    scratch = await createScratchDatabase(pgUrl ?? "", "fleet");
    const u = new URL(scratch.url);
    // The load balancer's address is the site's address (SITE_URL): reserve its port first.
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    const env = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fleet-"));
      dirs.push(dir);
      return {
        DATA_DIR: dir,
        DATABASE_URL: u.toString(),
        AUTH_SECRET: "fleet-test-secret-0123456789abcdefghij",
        SITE_URL: site,
        TRUST_PROXY: "loopback",
        ADMIN_EMAIL: "owner@example.org",
        ADMIN_PASSWORD: "a-long-enough-password",
      };
    };
    // Started at the same moment on an empty database.
    const [a, b] = await Promise.all([startServer(env()), startServer(env())]);
    servers.push(a, b);
    // A round-robin load balancer: each request goes to the next instance.
    const lb = await new Promise<string>((resolve) => {
      let next = 0;
      const targets = [a.url, b.url];
      const p = http.createServer((req, res) => {
        const target = new URL(targets[next++ % 2] ?? "");
        const upstream = http.request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers);
            up.pipe(res);
          },
        );
        upstream.on("error", () => res.writeHead(502).end());
        req.pipe(upstream);
      });
      proxy = p;
      p.listen(Number(port), "127.0.0.1", () => resolve(site));
    });
    const origin = { Origin: lb };

    // The demo content was seeded once, by one of them; each serves its pictures and episode audio (local files).
    const home = await (await fetch(`${a.url}/`)).text();
    const picture = home.match(/\/media\/demo\/[a-z0-9-]+\.webp/)?.[0] ?? "";
    expect(picture).not.toBe("");
    for (const server of [a, b]) {
      for (const file of [picture, "/media/demo/podcast-episode-1.mp3"])
        expect((await fetch(`${server.url}${file}`)).status, `${file} on ${server.url}`).toBe(200);
    }

    // A newsletter sign-up through the balancer.
    const signUp = await fetch(`${lb}/api/newsletter`, {
      method: "POST",
      headers: { ...origin, Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ email: "fleet-reader@example.org", source: "footer" }),
    });
    expect(signUp.status).toBe(200);

    // The application form is served by one instance and posted to the other.
    const formPage = await (await fetch(`${lb}/application`)).text();
    const token = formPage.match(/name="form_token" value="([^"]+)"/)?.[1] ?? "";
    const focus = formPage.match(/name="focusAreas" value="([^"]+)"/)?.[1] ?? "";
    expect(token).not.toBe("");
    await new Promise((r) => setTimeout(r, 3200));
    const applied = await fetch(`${lb}/application`, {
      method: "POST",
      redirect: "manual",
      headers: origin,
      body: new URLSearchParams({
        fullName: "Fleet Applicant",
        email: "fleet-applicant@example.org",
        applicantType: "learner",
        country: "Kenya",
        region: "Africa",
        focusAreas: focus,
        experience: "Two seasons of market gardening.",
        seeking: "A design course near Nairobi next year.",
        consent: "on",
        form_token: token,
        fax_number: "",
      }),
    });
    expect(applied.status).toBe(303);

    // An admin signed in through one instance is signed in on both.
    const login = await fetch(`${lb}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: origin,
      body: new URLSearchParams({ email: "owner@example.org", password: "a-long-enough-password" }),
    });
    expect(login.status, "sign-in").toBe(302);
    const cookie = cookieOf(login);
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
    }

    // A change announced by one instance (as its admin save does: a row, then NOTIFY on the content channel) reaches
    // the other within 3 s.
    const direct = new pg.Client({ connectionString: u.toString() });
    await direct.connect();
    const listed = (server: RunningServer, name: string) =>
      fetch(`${server.url}/locations?q=${encodeURIComponent(name)}`).then(async (r) => (await r.text()).includes(name));
    const mapTotal = (server: RunningServer) =>
      fetch(`${server.url}/api/map/clusters?bbox=-180,-85,180,85&zoom=1`).then(
        async (r) => ((await r.json()) as { total: number }).total,
      );
    const before = await mapTotal(b);
    await direct.query(
      "INSERT INTO locations (name, country, latitude, longitude) VALUES ('Fleetwood Orchard', 'Kenya', -1.2, 36.8)",
    );
    await direct.query("SELECT pg_notify('content_changed', $1)", [JSON.stringify({ entity: "locations", at: 0 })]);
    await expect.poll(() => mapTotal(b), { timeout: 3000, interval: 100 }).toBe(before + 1);
    await expect.poll(() => listed(a, "Fleetwood Orchard"), { timeout: 3000, interval: 100 }).toBe(true);

    // Every instance's listening connection is cut and a write announces nothing (a script, psql): each instance
    // still converges within 5 s, by the content-version check.
    const cut = await direct.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND query ILIKE 'LISTEN%'",
      [scratch.name],
    );
    expect(cut.rowCount).toBeGreaterThan(0);
    await direct.query(
      "INSERT INTO locations (name, country, latitude, longitude) VALUES ('Quietbrook Farm', 'Kenya', -0.5, 37.1)",
    );
    for (const server of [a, b]) {
      await expect.poll(() => mapTotal(server), { timeout: 5000, interval: 100 }).toBe(before + 2);
    }
    await direct.end();
  }, 300_000);
});
