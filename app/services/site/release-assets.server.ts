import fsp from "node:fs/promises";
import path from "node:path";
import { RELEASE_ASSET_RETENTION_DAYS } from "~/lib/constants";
import {
  deleteReleaseAssetsUnseenSince,
  getReleaseAsset,
  insertReleaseAssets,
  storedReleaseAssetNames,
  touchReleaseAssets,
} from "~/queries/release-assets.server";
import type { Services } from "../services.server";

/** A built file's name: letters, digits, `_`, `-` and dots, never a path (decision 050). */
const ASSET_NAME = /^[\w-][\w.-]{0,199}$/;

/** Files stored per statement: a few megabytes at most, however large the release. */
const INSERT_BATCH = 16;

/**
 * Shares this release's browser files through the database (decision 050): stores the ones it does not hold yet,
 * marks all of them as seen now, and drops files of releases not started for RELEASE_ASSET_RETENTION_DAYS.
 */
export async function shareReleaseAssets({ db }: Pick<Services, "db">, assetsDir: string, now = new Date()) {
  const entries = await fsp.readdir(assetsDir, { withFileTypes: true });
  const names = entries.filter((e) => e.isFile() && ASSET_NAME.test(e.name)).map((e) => e.name);
  const stored = await storedReleaseAssetNames(db, names);
  const missing = names.filter((n) => !stored.has(n));
  for (let i = 0; i < missing.length; i += INSERT_BATCH) {
    const batch = missing.slice(i, i + INSERT_BATCH);
    const files = await Promise.all(
      batch.map(async (name) => ({ name, body: await fsp.readFile(path.join(assetsDir, name)) })),
    );
    await insertReleaseAssets(db, files);
  }
  await touchReleaseAssets(db, [...stored]);
  const before = new Date(now.getTime() - RELEASE_ASSET_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const pruned = await deleteReleaseAssetsUnseenSince(db, before, names);
  return { files: names.length, added: missing.length, pruned };
}

/** A file another release shared, by its name; null for anything else (including names that are not file names). */
export async function readSharedReleaseAsset({ db }: Pick<Services, "db">, name: string): Promise<Buffer | null> {
  if (!ASSET_NAME.test(name)) return null;
  return getReleaseAsset(db, name);
}
