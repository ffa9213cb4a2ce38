import type { Executor } from "~db/client";
import { contentVersions } from "~db/schema";

/** The version of each kind of public content (bumped by triggers on every write; see db/schema.ts). */
export async function readContentVersions(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ entity: contentVersions.entity, version: contentVersions.version })
    .from(contentVersions);
  return Object.fromEntries(rows.map((r) => [r.entity, Number(r.version)]));
}
