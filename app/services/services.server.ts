import type { Logger } from "pino";
import type { ChangeBus, Database, Executor } from "~db/client";
import type { Mailer } from "./mail/mailer.server";
import type { ClusterStore } from "./map/clusters.server";
import type { Auth } from "./staff/auth.server";
import type { StorageService } from "./storage.server";

/** What the Node server hands every loader and action through the router's load context. */
export type Services = {
  db: Database;
  dbKind: "pglite" | "postgres";
  bus: ChangeBus;
  auth: Auth;
  logger: Logger;
  /** E-mail: the outbox and its worker (messages kept in the Outbox when no mail server is configured). */
  mail: Mailer;
  /** File storage (media library); absent in contexts that do not need it, such as some tests. */
  storage?: StorageService;
  /** The map's cluster index, one per server process (built in a worker thread); tests may leave it out. */
  mapIndex?: ClusterStore;
  config: {
    siteUrl: string;
    /** SITE_URL's hostname, worked out once at boot: page views are counted only there. */
    siteHostname: string;
    env: "development" | "production" | "test";
    /** TRUST_PROXY as Express applies it: false, the number of proxy hops, or the proxies' addresses and ranges. */
    trustProxy: false | number | string[];
    hashSecret: string;
    /** Signs the links sent by e-mail (AUTH_SECRET). */
    authSecret: string;
    dataDir: string;
    requestStats: boolean;
    loginLimits: LoginLimits;
    /** API_RATE_LIMIT: requests per minute per client address on the open data API, all instances together. */
    apiRateLimit: number;
    /** The map's style (MAP_STYLE_URL; "" = the built-in offline basemap) and the self-hosted archive, if any. */
    map?: { styleUrl: string; pmtilesPath: string | null };
  };
};

/** Sign-in throttling's limits (staff/login-limiter.server.ts), from the settings an operator may change. */
export type LoginLimits = {
  accountLimit: number;
  accountWindowMs: number;
  backoffAfter: number;
  backoffWindowMs: number;
  backoffBaseMs: number;
  ipLimit: number;
  ipWindowMs: number;
};

/**
 * What a service that runs inside its caller's transaction takes: the services it names, with `db` either the
 * database or the transaction it is handed (`db.transaction(async (tx) => recordChange({ db: tx }, …))`).
 */
export type InTransaction<K extends keyof Services = never> = Pick<Services, K> & { db: Executor };

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** Per-response CSP nonce for inline scripts. */
    cspNonce: string;
    /** Client address as the server determined it (X-Forwarded-For only when trusted). */
    clientIp: string;
    /**
     * Text of a built client asset (such as the site's stylesheet) for inlining into the HTML; null in development
     * or when the file is missing, in which case the page links the asset instead.
     */
    readClientAsset?: (href: string) => string | null;
  }
}
