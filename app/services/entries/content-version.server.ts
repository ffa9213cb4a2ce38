import { readContentVersions } from "~/queries/content-versions.server";
import type { Services } from "../services.server";
import { announceLocally, type ContentEntity } from "./content-events.server";

/** How often each instance compares content versions (changes are found within this, plus a query). */
export const CONTENT_VERSION_CHECK_MS = 2000;

/**
 * Bounded staleness for every instance's caches (render cache, map index). Change notifications (LISTEN/NOTIFY) make
 * an edit visible at once, but one sent while an instance's listening connection reconnects is lost, and writes
 * made outside the servers (`seed:scale`, `psql`) announce nothing. Triggers bump a version per kind of content on
 * every write; this compares them every two seconds and announces, to this instance only, each kind that changed.
 */
export class ContentVersionWatcher {
  private seen: Record<string, number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ContentEntity[]> | null = null;

  constructor(
    private readonly services: Pick<Services, "db" | "bus" | "logger">,
    private readonly intervalMs = CONTENT_VERSION_CHECK_MS,
  ) {}

  /** The versions last read (null before the first check). */
  get versions(): Readonly<Record<string, number>> | null {
    return this.seen;
  }

  start(): void {
    if (this.timer) return;
    void this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the versions and announces each kind that changed since the last check; returns them. */
  check(): Promise<ContentEntity[]> {
    this.running ??= this.compare().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async compare(): Promise<ContentEntity[]> {
    let now: Record<string, number>;
    try {
      now = await readContentVersions(this.services.db);
    } catch (err) {
      this.services.logger.warn({ err }, "content version check failed");
      return [];
    }
    const before = this.seen;
    this.seen = now;
    if (!before) return [];
    const changed = Object.keys(now).filter((k) => now[k] !== before[k]) as ContentEntity[];
    for (const entity of changed) announceLocally(this.services.bus, entity, now);
    return changed;
  }
}
