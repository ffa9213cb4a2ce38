import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import type { Services } from "~/services/services.server";
import type { DatabaseHandle } from "~db/client";
import { createS3Driver } from "~server/storage/drivers";
import { createStorageRouter } from "~server/storage/router";
import type { StorageService } from "~server/storage/service";

/** A driver for a bucket on a local s3rver (its fixed keys, path-style addresses), the bucket made if missing. */
export async function s3rverDriver(port: number, bucket: string): Promise<ReturnType<typeof createS3Driver>> {
  const driver = createS3Driver({
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
  await driver.ensureBucket();
  return driver;
}

/**
 * The storage API (`/api/storage`) over `storage`, alone on an express server on a free local port, as the site mounts
 * it; `auth` stands in for better-auth's session lookup. Logs are quiet unless a `logger` is given.
 */
export async function serveStorageApi(opts: {
  handle: Pick<DatabaseHandle, "db" | "bus">;
  storage: StorageService;
  auth: Services["auth"];
  siteUrl: string;
  logger?: Services["logger"];
}): Promise<{ base: string; close(): Promise<void> }> {
  const app = express();
  app.use(
    "/api/storage",
    createStorageRouter({
      db: opts.handle.db,
      bus: opts.handle.bus,
      config: { siteUrl: opts.siteUrl },
      auth: opts.auth,
      logger: opts.logger ?? pino({ level: "silent" }),
      storage: opts.storage,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((r) => server.once("listening", () => r()));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
