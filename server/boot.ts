import path from "node:path";
import type { Logger } from "pino";
import { PODCAST_COVER_PATH } from "~/lib/feeds/rss";
import { createUserWithPassword, getUserByEmail } from "~/queries/users.server";
import { Mailer } from "~/services/mail/mailer.server";
import { createClusterStore } from "~/services/map/clusters.server";
import type { Services } from "~/services/services.server";
import { createAuth } from "~/services/staff/auth.server";
import { type DatabaseHandle, openDatabase } from "~db/client";
import { writePodcastCover } from "~db/seed/images";
import { ensureDemoMedia, markSeedNone, seedDemo, seedReferenceData } from "~db/seed/seed";
import type { Config } from "./config";
import { createConfiguredStorage } from "./storage";

export const MEDIA_URL_PREFIX = "/media";

/** Opens the database, applies migrations, seeds and ensures the configured admin: everything before listening. */
export async function prepareServices(
  config: Config,
  logger: Logger,
): Promise<{ services: Services; handle: DatabaseHandle }> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.pool });
  try {
    // Instances started together on one database take turns: migrations and the demo seed run once.
    await handle.withStartupLock(async () => {
      await handle.migrate();
      await seedReferenceData(handle.db);
      // Every site's feed names this cover (podcast apps refuse a feed without one), demo content or not.
      await writePodcastCover(path.join(config.dataDir, PODCAST_COVER_PATH)).catch((err: unknown) => {
        logger.warn({ err }, "podcast cover could not be written");
      });
      if (config.seed === "demo") {
        const result = await seedDemo(handle.db, {
          mediaDir: path.join(config.dataDir, "media", "demo"),
          mediaUrlPrefix: `${MEDIA_URL_PREFIX}/demo`,
        });
        logger.info({ seeded: result.seeded, reason: result.reason }, "demo content");
        if (!result.seeded) {
          const missing = await ensureDemoMedia(handle.db, {
            mediaDir: path.join(config.dataDir, "media", "demo"),
            mediaUrlPrefix: `${MEDIA_URL_PREFIX}/demo`,
          });
          if (missing) logger.info({ missing }, "demo media rendered for this instance");
        }
      } else {
        await markSeedNone(handle.db);
      }
      if (config.adminEmail && config.adminPassword) {
        const existing = await getUserByEmail(handle.db, config.adminEmail);
        if (!existing) {
          await createUserWithPassword(handle.db, {
            email: config.adminEmail,
            name: "Administrator",
            password: config.adminPassword,
            role: "ADMIN",
          });
          logger.info({ email: config.adminEmail }, "admin user created");
        }
      }
    });
  } catch (err) {
    await handle.close().catch(() => {});
    throw err;
  }
  const auth = createAuth(handle.db, { secret: config.authSecret, siteUrl: config.siteUrl });
  const services: Services = {
    db: handle.db,
    dbKind: handle.kind,
    bus: handle.bus,
    auth,
    logger,
    mail: new Mailer({
      db: handle.db,
      logger,
      siteUrl: config.siteUrl,
      from: config.mail.from,
      smtpUrl: config.mail.smtpUrl,
      sendRate: config.mail.sendRate,
      replyTo: config.mail.replyTo,
    }),
    storage: await createConfiguredStorage(config, handle.db),
    config: {
      siteUrl: config.siteUrl,
      siteHostname: new URL(config.siteUrl).hostname,
      env: config.env,
      trustProxy: config.trustProxy,
      hashSecret: config.hashSecret,
      authSecret: config.authSecret,
      loginLimits: config.loginLimits,
      apiRateLimit: config.apiRateLimit,
      dataDir: config.dataDir,
      requestStats: config.requestStats,
      map: config.map,
    },
  };
  services.mapIndex = createClusterStore(services, { postgresUrl: config.databaseUrl });
  return { services, handle };
}
