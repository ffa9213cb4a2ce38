import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~server/config";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import {
  checkLoginAllowed,
  type LoginLimits,
  loginKeys,
  recordLoginFailure,
  recordLoginSuccess,
  tooManyAttemptsMessage,
} from "./login-limiter.server";

const t = testDatabaseForFile({ reference: false });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SHORT: LoginLimits = {
  accountLimit: 100,
  accountWindowMs: 60 * 60_000,
  backoffAfter: 5,
  // Counters use fixed windows aligned to the clock: a long window keeps a test's attempts inside one of them.
  backoffWindowMs: 3_600_000,
  backoffBaseMs: 150,
  ipLimit: 1000,
  ipWindowMs: 60_000,
};

const dataDir = path.join(os.tmpdir(), "login-limits-config");

describe("login limiter", () => {
  it("defaults: 100 per hour per account, backoff after 5 failures in 15 minutes, configurable window", () => {
    const d = loadConfig({ DATA_DIR: dataDir }).loginLimits;
    expect(d).toMatchObject({
      accountLimit: 100,
      accountWindowMs: 3_600_000,
      backoffAfter: 5,
      backoffWindowMs: 900_000,
    });
    expect(d.backoffBaseMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir, LOGIN_LIMIT_WINDOW_MS: "3000" }).loginLimits.backoffWindowMs).toBe(3000);
    // A value that is not a positive whole number stops the server at start, naming the variable.
    expect(() => loadConfig({ DATA_DIR: dataDir, LOGIN_LIMIT_WINDOW_MS: "nonsense" })).toThrow(
      /Invalid LOGIN_LIMIT_WINDOW_MS \("nonsense"\): expected a whole number of milliseconds above 0/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, LOGIN_IP_LIMIT: "0" })).toThrow(/Invalid LOGIN_IP_LIMIT/);
  });

  it("keys hold only the normalised e-mail and the client address", () => {
    expect(loginKeys("  Someone@Example.ORG ", "10.0.0.1")).toEqual({
      account: "login:acct:someone@example.org",
      backoff: "login:backoff:someone@example.org",
      ip: "login:ip:10.0.0.1",
    });
  });

  it("allows four failures freely, locks the account after the fifth with a growing delay", async () => {
    const who = { email: "victim@example.org", ip: "10.0.0.2" };
    for (let i = 0; i < 4; i++) {
      expect(await checkLoginAllowed(t.db, who, SHORT)).toEqual({ allowed: true });
      expect((await recordLoginFailure(t.db, who, SHORT)).lockedForMs).toBe(0);
    }
    const fifth = await recordLoginFailure(t.db, who, SHORT);
    expect(fifth.lockedForMs).toBe(150);
    const gate = await checkLoginAllowed(t.db, who, SHORT);
    expect(gate.allowed).toBe(false);
    // Case and spaces do not make a new account key.
    expect((await checkLoginAllowed(t.db, { email: " VICTIM@example.org", ip: "10.9.9.9" }, SHORT)).allowed).toBe(
      false,
    );
    // Another account from the same address is not affected.
    expect((await checkLoginAllowed(t.db, { email: "other@example.org", ip: who.ip }, SHORT)).allowed).toBe(true);

    await sleep(200);
    expect((await checkLoginAllowed(t.db, who, SHORT)).allowed).toBe(true);
    const sixth = await recordLoginFailure(t.db, who, SHORT);
    expect(sixth.lockedForMs).toBe(300);
    await sleep(200);
    expect((await checkLoginAllowed(t.db, who, SHORT)).allowed).toBe(false);
    await sleep(150);
    expect((await checkLoginAllowed(t.db, who, SHORT)).allowed).toBe(true);
  });

  it("never locks for longer than the backoff window, and the account works again after it", async () => {
    const limits = { ...SHORT, backoffWindowMs: 2000, backoffBaseMs: 10_000 };
    const who = { email: "window@example.org", ip: "10.0.0.3" };
    // Start right after a window boundary so all five failures land in the same window.
    await sleep(2000 - (Date.now() % 2000) + 5);
    let locked = 0;
    for (let i = 0; i < 5; i++) locked = (await recordLoginFailure(t.db, who, limits)).lockedForMs;
    expect(locked).toBe(2000);
    const gate = await checkLoginAllowed(t.db, who, limits);
    expect(gate.allowed).toBe(false);
    if (!gate.allowed) expect(gate.retryAfterMs).toBeLessThanOrEqual(2000);
    await sleep(2050);
    expect((await checkLoginAllowed(t.db, who, limits)).allowed).toBe(true);
  });

  it("caps failures per account per hour", async () => {
    const limits = { ...SHORT, accountLimit: 3, backoffAfter: 1000 };
    const who = { email: "hourly@example.org", ip: "10.0.0.4" };
    for (let i = 0; i < 3; i++) await recordLoginFailure(t.db, who, limits);
    const gate = await checkLoginAllowed(t.db, who, limits);
    expect(gate.allowed).toBe(false);
    if (!gate.allowed) expect(gate.retryAfterMs).toBeGreaterThan(0);
  });

  it("caps failures per client address across accounts", async () => {
    const limits = { ...SHORT, ipLimit: 3 };
    for (let i = 0; i < 3; i++)
      await recordLoginFailure(t.db, { email: `spray${i}@example.org`, ip: "10.0.0.5" }, limits);
    expect((await checkLoginAllowed(t.db, { email: "fresh@example.org", ip: "10.0.0.5" }, limits)).allowed).toBe(false);
    expect((await checkLoginAllowed(t.db, { email: "fresh@example.org", ip: "10.0.0.6" }, limits)).allowed).toBe(true);
  });

  it("a successful sign-in clears the account's counters", async () => {
    const who = { email: "forgetful@example.org", ip: "10.0.0.7" };
    for (let i = 0; i < 4; i++) await recordLoginFailure(t.db, who, SHORT);
    await recordLoginSuccess(t.db, who);
    for (let i = 0; i < 4; i++) expect((await recordLoginFailure(t.db, who, SHORT)).lockedForMs).toBe(0);
  });

  it("words the wait in whole minutes", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Too many sign-in attempts. Please wait 1 minute and try again.");
    expect(tooManyAttemptsMessage(4 * 60_000 + 1)).toBe(
      "Too many sign-in attempts. Please wait 5 minutes and try again.",
    );
  });
});
