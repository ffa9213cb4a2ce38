import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { z } from "zod";
import { SITE_NAME } from "~/lib/constants";
import { STORAGE_MAX_UPLOAD_BYTES } from "~/lib/storage/limits";
import type { LoginLimits } from "~/services/services.server";
import { loginLimits } from "~/services/staff/login-limiter.server";
import type { StorageLimits } from "~/services/storage.server";

/** Raised for configuration problems: the server prints the one-line message and exits non-zero. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** `Name <address>` or a bare address, on one line (no CR or LF can reach a header). */
const MAIL_FROM_PATTERN = /^(?:[^\r\n<>"]{1,100} <[^\s<>@]+@[^\s<>@]+\.?[^\s<>@]*>|[^\s<>@]+@[^\s<>@]+)$/;

const positiveInt = (message: string, fallback: number) =>
  z.coerce.number({ error: message }).int(message).positive(message).default(fallback);

/** The storage limits: optional, and an empty value stands for the default (25 MB per file, 5 GB, 40 megapixels). */
const storageLimit = (fallback: number) =>
  z.preprocess((v) => (v === "" ? undefined : v), positiveInt("a positive whole number", fallback));
const StorageLimitsSchema = z.object({
  STORAGE_MAX_UPLOAD_BYTES: storageLimit(STORAGE_MAX_UPLOAD_BYTES),
  STORAGE_QUOTA_BYTES: storageLimit(5 * 1024 ** 3),
  STORAGE_MAX_IMAGE_PIXELS: storageLimit(40_000_000),
});

/** DUMP_INTERVAL: how often the open-data dumps are made afresh (decision 071), a number and a unit. */
const DURATION_UNITS_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DUMP_INTERVAL_EXPECTED = "a number of minutes, hours or days such as 30m, 6h or 1d (from 1m to 30d)";
function parseDumpInterval(v: string): number | undefined {
  const m = /^(\d{1,5})\s*([mhd])$/i.exec(v.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * DURATION_UNITS_MS[(m[2] as string).toLowerCase() as keyof typeof DURATION_UNITS_MS];
  return ms >= 60_000 && ms <= 30 * 86_400_000 ? ms : undefined;
}

const MAP_STYLE_URL_EXPECTED =
  "an https:// URL of a MapLibre style such as https://tiles.example.org/styles/streets.json, or a path on this site beginning with / (see MAP_PMTILES_PATH)";

/** A MapLibre style the browser can load: an https:// URL, or a path on this site ("/…", not "//host"). */
function isMapStyleUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY, as Express's `trust proxy` setting takes it: false (trust no proxy: the address is the connection's),
 * a number of proxy hops in front of the server, or the addresses and ranges of those proxies. With a count or a
 * list, Express (proxy-addr) takes the right-most X-Forwarded-For address that is not a trusted proxy; the left-most
 * entries are whatever the client wrote and are never believed.
 */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_EXPECTED =
  "the number of proxies in front of the server (1 for one reverse proxy or load balancer), or their addresses: a comma-separated list of IP addresses or ranges such as 10.0.0.0/8, or loopback, linklocal, uniquelocal; or false";

/**
 * Parses TRUST_PROXY. `true` is refused: Express then takes the left-most X-Forwarded-For address, which the client
 * writes itself, so any client could pick its own address and every per-address limit would fall. A list is checked
 * by Express itself (proxy-addr compiles it and throws on anything that is not an address, a range or a name it
 * knows), so what starts is exactly what Express will apply.
 */
function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim();
  if (v === "" || v.toLowerCase() === "false") return false;
  if (v.toLowerCase() === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "the number of proxies in front of the server (1 for one reverse proxy or load balancer) or their addresses (such as loopback or 10.0.0.0/8), not 'true': it would take the left-most X-Forwarded-For address, which any client writes itself",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (Number.isSafeInteger(hops) && hops >= 1) return hops;
  } else {
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    try {
      if (list.length > 0) {
        express().set("trust proxy", list);
        return list;
      }
    } catch {
      // not an address, range or known name: refused below
    }
  }
  ctx.addIssue({ code: "custom", message: TRUST_PROXY_EXPECTED });
  return z.NEVER;
}

/** Where the site serves MAP_PMTILES_PATH (with HTTP Range requests), and its built-in style for that file. */
export const PMTILES_URL_PATH = "/api/map/tiles.pmtiles";
export const PMTILES_STYLE_URL_PATH = "/api/map/style.json";

/** The most server processes WORKERS may ask for on one machine. */
export const MAX_WORKERS = 64;

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ error: "a whole number between 1 and 65535" })
    .int("a whole number between 1 and 65535")
    .min(0, "a whole number between 1 and 65535")
    .max(65535, "a whole number between 1 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1, "a host name or IP address to listen on").default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1, "a folder path").default("./data"),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "a postgres:// or postgresql:// connection URL")
      .optional(),
  ),
  SITE_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: "an absolute http(s) URL such as https://example.org" }).optional(),
  ),
  ADMIN_EMAIL: optionalString.pipe(z.email("a valid e-mail address").optional()),
  ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(12, "at least 12 characters").max(128, "at most 128 characters").optional(),
  ),
  SEED: z.enum(["demo", "none"], { error: "either 'demo' or 'none'" }).default("demo"),
  STORAGE: z.enum(["local", "s3"], { error: "either 'local' or 's3'" }).default("local"),
  S3_ENDPOINT: optionalString.pipe(z.url("an http(s) URL of the S3-compatible endpoint").optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "'true' or 'false'" }).default("true"),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, "at least 32 characters").optional()),
  TRUST_PROXY: z.string().default("false").transform(parseTrustProxy),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REQUEST_STATS: z.enum(["on", "off"], { error: "'on' or 'off'" }).default("on"),
  DATABASE_POOL_MAX: positiveInt("a whole number above 0", 10),
  DATABASE_POOL_WAIT_MS: positiveInt("a whole number of milliseconds above 0", 5000),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, "at least 16 characters").optional()),
  LOGIN_LIMIT_WINDOW_MS: positiveInt("a whole number of milliseconds above 0", 15 * 60_000),
  LOGIN_ACCOUNT_WINDOW_MS: positiveInt("a whole number of milliseconds above 0", 60 * 60_000),
  LOGIN_IP_LIMIT: positiveInt("a whole number above 0", 50),
  API_RATE_LIMIT: positiveInt("a whole number of requests per minute above 0", 600),
  SMTP_URL: optionalString.pipe(
    z
      .url({
        protocol: /^smtps?$/,
        error: "an smtp:// or smtps:// URL such as smtp://user:password@mail.example.org:587",
      })
      .optional(),
  ),
  MAIL_FROM: optionalString.pipe(
    z
      .string()
      .regex(MAIL_FROM_PATTERN, "a sender such as 'Permaculture Network <hello@example.org>' or hello@example.org")
      .optional(),
  ),
  MAIL_REPLY_TO: optionalString.pipe(
    z
      .string()
      .regex(
        MAIL_FROM_PATTERN,
        "a staff mailbox for replies such as 'Permaculture Network <team@example.org>' or team@example.org",
      )
      .optional(),
  ),
  MAIL_SEND_RATE: positiveInt("a whole number of messages per second above 0", 10),
  MAP_STYLE_URL: optionalString.pipe(
    z.string().max(2000, "at most 2000 characters").refine(isMapStyleUrl, MAP_STYLE_URL_EXPECTED).optional(),
  ),
  WORKERS: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || v === "auto" || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_WORKERS),
      `a whole number from 1 to ${MAX_WORKERS}, or 'auto' (one per CPU core)`,
    )
    .default(""),
  MAP_PMTILES_PATH: optionalString.pipe(
    z
      .string()
      .regex(/\.pmtiles$/i, "a path to a .pmtiles file, such as /srv/maps/region.pmtiles")
      .optional(),
  ),
  DUMP_INTERVAL: z
    .string()
    .transform((v) => v.trim() || "1d")
    .default("1d")
    .refine((v) => parseDumpInterval(v) !== undefined, DUMP_INTERVAL_EXPECTED)
    .transform((v) => parseDumpInterval(v) as number),
  ...StorageLimitsSchema.shape,
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seed: "demo" | "none";
  storage:
    | { driver: "local" }
    | {
        driver: "s3";
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** AUTH_SECRET: sessions and signed links; every other secret is derived from it (deriveSecret). */
  authSecret: string;
  /** Derived from authSecret: form timing tokens and the daily salt of visitor identifiers (analytics). */
  hashSecret: string;
  /** TRUST_PROXY: Express's `trust proxy` setting (false, a hop count, or the proxies' addresses). */
  trustProxy: TrustProxy;
  logLevel: string;
  requestStats: boolean;
  /** Postgres connections per instance, and how long a request waits for one before it is answered 503. */
  pool: { max: number; waitMs: number };
  /** Bearer token for /metrics (Prometheus); null: the endpoint is off. */
  metricsToken: string | null;
  /** Sign-in limits per account and per client address. */
  loginLimits: LoginLimits;
  /** API_RATE_LIMIT: requests per minute one client address may make to the open data API, on all instances together. */
  apiRateLimit: number;
  /**
   * WORKERS: server processes on this machine, sharing its port (1: the process itself serves). More than one needs
   * Postgres: the embedded database belongs to one process.
   */
  workers: number;
  mail: MailConfig;
  map: MapConfig;
  /** STORAGE_MAX_UPLOAD_BYTES, STORAGE_QUOTA_BYTES, STORAGE_MAX_IMAGE_PIXELS: what the storage service enforces. */
  storageLimits: StorageLimits;
  /** DUMP_INTERVAL in milliseconds: the open-data dumps are made afresh this often, once across instances. */
  dumpIntervalMs: number;
};

export type MapConfig = {
  /**
   * MAP_STYLE_URL: the operator's MapLibre style for the interactive map ("" = the built-in offline basemap). The
   * admin setting "Map tile style URL", when filled in, is used instead. With MAP_PMTILES_PATH and no MAP_STYLE_URL,
   * the site's own style for that file.
   */
  styleUrl: string;
  /** MAP_PMTILES_PATH, resolved: a Protomaps archive the site serves at PMTILES_URL_PATH; null when not set. */
  pmtilesPath: string | null;
};

export type MailConfig = {
  /** The mail server; null keeps every message in the database (the admin Outbox) instead of sending it. */
  smtpUrl: string | null;
  /** The sender of every message, `Name <address>`. */
  from: string;
  /**
   * MAIL_REPLY_TO: where replies go, for the messages that ask for them (decision 057); null: the contact e-mail
   * saved in Site settings, if any.
   */
  replyTo: string | null;
  /** Newsletter messages handed to the mail server per second, per server instance. */
  sendRate: number;
};

/**
 * A secret for one purpose, derived from AUTH_SECRET with HKDF-SHA256 and a label per purpose: instances given the
 * same AUTH_SECRET derive the same secrets, and one purpose's secret tells nothing about another's.
 */
export function deriveSecret(authSecret: string, purpose: string): string {
  return Buffer.from(hkdfSync("sha256", authSecret, "", `permaculture-network/${purpose}`, 32)).toString("base64url");
}

/**
 * Validates the environment once at boot. Throws ConfigError with one line naming the variable.
 * `tool`: a command-line tool (migrations, seeding) that signs nothing, so it needs no shared AUTH_SECRET.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { tool?: boolean } = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) throw configErrorOf(parsed.error, env);
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    throw new ConfigError(
      env.ADMIN_PASSWORD
        ? "Invalid ADMIN_PASSWORD: expected at least 12 characters."
        : "ADMIN_PASSWORD is required when ADMIN_EMAIL is set (at least 12 characters).",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  try {
    // Owner-only (db/file-modes.ts), also for the command-line tools that set no umask of their own.
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch {
    throw new ConfigError(
      `Invalid DATA_DIR (${JSON.stringify(e.DATA_DIR)}): expected a folder this process can create and write.`,
    );
  }
  let storage: Config["storage"] = { driver: "local" };
  if (e.STORAGE === "s3") {
    for (const name of ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!e[name]) throw new ConfigError(`${name} is required when STORAGE=s3.`);
    }
    storage = {
      driver: "s3",
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET as string,
      region: e.S3_REGION ?? "us-east-1",
      accessKeyId: e.S3_ACCESS_KEY_ID as string,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
    };
  }
  if (e.DATABASE_URL && !e.AUTH_SECRET && !opts.tool) {
    // A secret generated here would differ on every instance sharing the database: sessions, signed links and
    // form tokens made by one would be refused by another.
    throw new ConfigError(
      "AUTH_SECRET is required when DATABASE_URL is set: every instance on one database must share it (at least 32 characters, e.g. from `openssl rand -base64 32`).",
    );
  }
  let pmtilesPath: string | null = null;
  if (e.MAP_PMTILES_PATH) {
    pmtilesPath = path.resolve(e.MAP_PMTILES_PATH);
    try {
      fs.accessSync(pmtilesPath, fs.constants.R_OK);
      if (!fs.statSync(pmtilesPath).isFile()) throw new Error("not a file");
    } catch {
      throw new ConfigError(
        `Invalid MAP_PMTILES_PATH (${JSON.stringify(e.MAP_PMTILES_PATH)}): expected a .pmtiles file this process can read.`,
      );
    }
  }
  const workers = workerCount(e.WORKERS, {
    postgres: Boolean(e.DATABASE_URL),
    development: e.NODE_ENV === "development",
  });
  const authSecret = e.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    siteUrl,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    storage,
    authSecret,
    hashSecret: deriveSecret(authSecret, "form-and-visitor-hash"),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    requestStats: e.REQUEST_STATS === "on",
    metricsToken: e.METRICS_TOKEN ?? null,
    pool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_MS },
    loginLimits: loginLimits({
      backoffWindowMs: e.LOGIN_LIMIT_WINDOW_MS,
      accountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MS,
      ipLimit: e.LOGIN_IP_LIMIT,
    }),
    apiRateLimit: e.API_RATE_LIMIT,
    workers,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `${SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
      replyTo: e.MAIL_REPLY_TO ?? null,
      sendRate: e.MAIL_SEND_RATE,
    },
    map: {
      styleUrl: e.MAP_STYLE_URL ?? (pmtilesPath ? PMTILES_STYLE_URL_PATH : ""),
      pmtilesPath,
    },
    storageLimits: storageLimitsOf(e),
    dumpIntervalMs: e.DUMP_INTERVAL,
  };
}

function storageLimitsOf(e: z.infer<typeof StorageLimitsSchema>): StorageLimits {
  return {
    maxUploadBytes: e.STORAGE_MAX_UPLOAD_BYTES,
    quotaBytes: e.STORAGE_QUOTA_BYTES,
    maxImagePixels: e.STORAGE_MAX_IMAGE_PIXELS,
  };
}

/**
 * The storage limits alone, from the same variables and with the same messages as loadConfig (for code and tests
 * that need no other configuration). Throws ConfigError naming the variable.
 */
export function readStorageLimits(env: NodeJS.ProcessEnv = process.env): StorageLimits {
  const parsed = StorageLimitsSchema.safeParse(env);
  if (!parsed.success) throw configErrorOf(parsed.error, env);
  return storageLimitsOf(parsed.data);
}

/** One line naming the first variable that is wrong, what it was and what was expected. */
function configErrorOf(error: z.ZodError, env: NodeJS.ProcessEnv): ConfigError {
  const issue = error.issues[0];
  const name = String(issue?.path[0] ?? "environment");
  const given = env[name];
  return new ConfigError(
    `Invalid ${name}${given !== undefined ? ` (${JSON.stringify(given)})` : ""}: expected ${issue?.message ?? "a valid value"}.`,
  );
}

/**
 * The number of server processes. "auto" is one per CPU core on Postgres and one on the embedded database (or in
 * development); a number above one is refused where only one process can serve.
 */
function workerCount(value: string, where: { postgres: boolean; development: boolean }): number {
  const single = !where.postgres || where.development;
  if (value === "" || value === "auto")
    return value === "auto" && !single ? Math.min(os.availableParallelism(), MAX_WORKERS) : 1;
  const n = Number(value);
  if (n > 1 && where.development)
    throw new ConfigError(
      `Invalid WORKERS (${JSON.stringify(value)}): the development server runs one process; WORKERS is for the built server (npm start).`,
    );
  if (n > 1 && !where.postgres)
    throw new ConfigError(
      `Invalid WORKERS (${JSON.stringify(value)}): more than one process needs DATABASE_URL (Postgres); the embedded database belongs to one process.`,
    );
  return n;
}

/** Without AUTH_SECRET (one instance on the embedded database) it is generated once and kept (mode 600) in DATA_DIR. */
function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  let stored: { authSecret?: unknown } = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as { authSecret?: unknown };
  } catch {
    // missing or unreadable: generate below
  }
  if (typeof stored.authSecret === "string" && stored.authSecret.length >= 32) return stored.authSecret;
  const authSecret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, JSON.stringify({ authSecret }), { mode: 0o600 });
  // The mode above applies only when the file is created; an unreadable file replaced here keeps its own.
  fs.chmodSync(file, 0o600);
  return authSecret;
}
