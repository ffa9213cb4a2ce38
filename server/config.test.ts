import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken } from "~/services/contributions/form-timing.server";
import { ConfigError, deriveSecret, loadConfig } from "./config";

const dirs: string[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "config-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const AUTH_SECRET = "a-shared-secret-of-at-least-32-characters";
const PG = "postgres://app:pw@db.internal:5432/permaculture";

describe("secrets shared by a fleet", () => {
  it("derives the same per-purpose secrets on every instance given the same AUTH_SECRET", () => {
    const a = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET });
    const b = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET });
    expect(a.hashSecret).toBe(b.hashSecret);
    expect(a.hashSecret).not.toBe(AUTH_SECRET);
    expect(deriveSecret(AUTH_SECRET, "one purpose")).not.toBe(deriveSecret(AUTH_SECRET, "another purpose"));
    expect(deriveSecret("another-shared-secret-of-32-characters!", "one purpose")).not.toBe(
      deriveSecret(AUTH_SECRET, "one purpose"),
    );
  });

  it("accepts on one instance a form served by another (the application form's timing token)", () => {
    const a = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET });
    const b = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET });
    const servedAt = Date.now() - 10_000;
    const token = issueFormToken(a.hashSecret, "application", servedAt);
    expect(checkFormToken(b.hashSecret, "application", token)).toBe("ok");
    // A different AUTH_SECRET (another installation) does not accept it.
    const other = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET: `${AUTH_SECRET}-other` });
    expect(checkFormToken(other.hashSecret, "application", token)).toBe("invalid");
  });

  it("refuses to start a server on a shared database without AUTH_SECRET, naming what to do", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG })).toThrow(
      /AUTH_SECRET is required when DATABASE_URL is set/,
    );
    // Migrations and seeding sign nothing: they run without it.
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG }, { tool: true }).databaseUrl).toBe(PG);
  });

  it("on the embedded database generates AUTH_SECRET once, keeps it private in DATA_DIR and reuses it", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.hashSecret).toBe(first.hashSecret);
    const file = path.join(dir, "secrets.json");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ authSecret: first.authSecret });
  });
});

describe("DATA_DIR on a shared host", () => {
  it("creates DATA_DIR owner-only, and a replaced secrets.json is 0600 whatever mode the old file had", () => {
    const dir = path.join(dataDir(), "nested", "data");
    loadConfig({ DATA_DIR: dir });
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    // A damaged secrets.json, left readable by all: the new secret is not written into a file others can read.
    const file = path.join(dir, "secrets.json");
    fs.writeFileSync(file, "{not json");
    fs.chmodSync(file, 0o644);
    const config = loadConfig({ DATA_DIR: dir });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual({ authSecret: config.authSecret });
  });
});

describe("the map's style (MAP_STYLE_URL, MAP_PMTILES_PATH)", () => {
  it("takes an https:// style or a path on the site, and refuses anything else naming what it expects", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).map).toEqual({ styleUrl: "", pmtilesPath: null });
    const hosted = "https://tiles.example.org/styles/streets.json?key=abc";
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_STYLE_URL: hosted }).map.styleUrl).toBe(hosted);
    expect(loadConfig({ DATA_DIR: dataDir(), MAP_STYLE_URL: "/api/map/style.json" }).map.styleUrl).toBe(
      "/api/map/style.json",
    );
    for (const bad of [
      "http://tiles.example.org/style.json",
      "tiles.example.org/style.json",
      "//evil.example/s.json",
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAP_STYLE_URL: bad })).toThrow(
        new ConfigError(
          `Invalid MAP_STYLE_URL (${JSON.stringify(bad)}): expected an https:// URL of a MapLibre style such as https://tiles.example.org/styles/streets.json, or a path on this site beginning with / (see MAP_PMTILES_PATH).`,
        ),
      );
    }
  });

  it("serves a readable .pmtiles file with its own style unless MAP_STYLE_URL names another", () => {
    const dir = dataDir();
    const file = path.join(dir, "region.pmtiles");
    fs.writeFileSync(file, "PMTiles");
    expect(loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: file }).map).toEqual({
      styleUrl: "/api/map/style.json",
      pmtilesPath: file,
    });
    expect(
      loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: file, MAP_STYLE_URL: "https://example.org/s.json" }).map.styleUrl,
    ).toBe("https://example.org/s.json");
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: path.join(dir, "missing.pmtiles") })).toThrow(
      /^Invalid MAP_PMTILES_PATH \(".*missing\.pmtiles"\): expected a \.pmtiles file this process can read\.$/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: dir })).toThrow(/Invalid MAP_PMTILES_PATH/);
    expect(() => loadConfig({ DATA_DIR: dir, MAP_PMTILES_PATH: path.join(dir, "region.mbtiles") })).toThrow(
      /expected a path to a \.pmtiles file/,
    );
  });
});

describe("server processes (WORKERS)", () => {
  it("serves from one process unless asked, and from one per core with 'auto' on Postgres", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET }).workers).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET, WORKERS: "3" }).workers).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET, WORKERS: "auto" }).workers).toBe(
      Math.min(os.availableParallelism(), 64),
    );
    // The embedded database belongs to one process: 'auto' means one there.
    expect(loadConfig({ DATA_DIR: dataDir(), WORKERS: "auto" }).workers).toBe(1);
  });

  it("refuses more than one process on the embedded database or in development, and nonsense, saying why", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: "2" })).toThrow(
      /WORKERS.*more than one process needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET, NODE_ENV: "development", WORKERS: "2" }),
    ).toThrow(/development server runs one process/);
    for (const bad of ["0", "65", "two", "-1", "1.5"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: PG, AUTH_SECRET, WORKERS: bad })).toThrow(
        ConfigError,
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), WORKERS: "many" })).toThrow(
      `Invalid WORKERS ("many"): expected a whole number from 1 to 64, or 'auto' (one per CPU core).`,
    );
  });
});

describe("the proxies in front of the server (TRUST_PROXY)", () => {
  it("trusts no proxy unless told, and takes a hop count or the proxies' addresses as Express applies them", () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
    expect(trust("loopback")).toEqual(["loopback"]);
    expect(trust("10.0.0.0/8, 192.168.1.5")).toEqual(["10.0.0.0/8", "192.168.1.5"]);
    expect(trust("linklocal,uniquelocal,::1,fd00::/8")).toEqual(["linklocal", "uniquelocal", "::1", "fd00::/8"]);
  });

  it("refuses 'true' with one line saying what to set instead, and refuses what is not a count or an address", () => {
    for (const yes of ["true", "TRUE"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: yes })).toThrow(
        new ConfigError(
          `Invalid TRUST_PROXY (${JSON.stringify(yes)}): expected the number of proxies in front of the server (1 for one reverse proxy or load balancer) or their addresses (such as loopback or 10.0.0.0/8), not 'true': it would take the left-most X-Forwarded-For address, which any client writes itself.`,
        ),
      );
    }
    for (const bad of ["yes", "0", "-1", "1.5", "10.0.0.0/33", "proxy.internal", "10.0.0.1, nginx", "300.1.1.1"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad })).toThrow(
        new ConfigError(
          `Invalid TRUST_PROXY (${JSON.stringify(bad)}): expected the number of proxies in front of the server (1 for one reverse proxy or load balancer), or their addresses: a comma-separated list of IP addresses or ranges such as 10.0.0.0/8, or loopback, linklocal, uniquelocal; or false.`,
        ),
      );
    }
  });
});

describe("where replies to the site's mail go", () => {
  it("takes MAIL_REPLY_TO as an address or 'Name <address>', none when unset, and refuses anything else on one line", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail.replyTo).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_REPLY_TO: " team@example.org " }).mail.replyTo).toBe(
      "team@example.org",
    );
    expect(loadConfig({ DATA_DIR: dataDir(), MAIL_REPLY_TO: "Network team <team@example.org>" }).mail.replyTo).toBe(
      "Network team <team@example.org>",
    );
    for (const bad of ["team", "team@example.org\r\nBcc: x@evil.example", "<team@example.org>"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), MAIL_REPLY_TO: bad })).toThrow(
        new ConfigError(
          `Invalid MAIL_REPLY_TO (${JSON.stringify(bad)}): expected a staff mailbox for replies such as 'Permaculture Network <team@example.org>' or team@example.org.`,
        ),
      );
    }
  });

  it("gives the open data API 600 requests a minute per address unless API_RATE_LIMIT says otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).apiRateLimit).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir(), API_RATE_LIMIT: "120" }).apiRateLimit).toBe(120);
    for (const bad of ["0", "-5", "lots"])
      expect(() => loadConfig({ DATA_DIR: dataDir(), API_RATE_LIMIT: bad })).toThrow(/API_RATE_LIMIT/);
  });
});

describe("how often the open-data dumps are made (DUMP_INTERVAL)", () => {
  it("is a day unless set, takes minutes, hours or days, and refuses anything else naming what it expects", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).dumpIntervalMs).toBe(86_400_000);
    expect(loadConfig({ DATA_DIR: dataDir(), DUMP_INTERVAL: "6h" }).dumpIntervalMs).toBe(6 * 3_600_000);
    expect(loadConfig({ DATA_DIR: dataDir(), DUMP_INTERVAL: "30m" }).dumpIntervalMs).toBe(30 * 60_000);
    expect(loadConfig({ DATA_DIR: dataDir(), DUMP_INTERVAL: "7D" }).dumpIntervalMs).toBe(7 * 86_400_000);
    expect(loadConfig({ DATA_DIR: dataDir(), DUMP_INTERVAL: "" }).dumpIntervalMs).toBe(86_400_000);
    for (const bad of ["0m", "31d", "daily", "1.5h", "3600"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DUMP_INTERVAL: bad })).toThrow(
        new ConfigError(
          `Invalid DUMP_INTERVAL (${JSON.stringify(bad)}): expected a number of minutes, hours or days such as 30m, 6h or 1d (from 1m to 30d).`,
        ),
      );
    }
  });
});
