import type { Logger } from "pino";
import type { ChangeBus, Database } from "../../db/client";
import type { Auth } from "./auth.server";

/** What the Node server hands every loader and action through the router's load context. */
export type Services = {
  db: Database;
  dbKind: "pglite" | "postgres";
  bus: ChangeBus;
  auth: Auth;
  logger: Logger;
  config: {
    siteUrl: string;
    env: "development" | "production" | "test";
    trustProxy: boolean;
    hashSecret: string;
    dataDir: string;
    requestStats: boolean;
  };
};

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** Per-response CSP nonce for inline scripts. */
    cspNonce: string;
    /** Client address as the server determined it (X-Forwarded-For only when trusted). */
    clientIp: string;
  }
}
