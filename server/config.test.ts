import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFormToken, issueFormToken } from "../app/services/form-timing.server";
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
