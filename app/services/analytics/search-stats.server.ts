import type { Language } from "~/lib/i18n/languages";
import { type SearchCount, searchReport, upsertSearchStats } from "~/queries/search-stats.server";
import type { Database } from "~db/client";
import type { Services } from "../services.server";

/**
 * What visitors search for, for staff (decision 055): per day, language and query (lower case, spaces collapsed,
 * at most 100 characters), how often it was searched and how often it found nothing. Nothing about the visitor is
 * kept, and a query that looks like an e-mail address or a telephone number is not counted at all. Counts are kept
 * in memory and written in one statement every 10 seconds (and when the server stops), like request statistics.
 */
const MAX_QUERY_LENGTH = 100;
/** Distinct queries kept between two writes: a crawler trying every word cannot grow memory or the table faster. */
const MAX_PENDING = 1000;
const FLUSH_MS = 10_000;

/** The query as counted, or null when it is not counted (empty, or possibly someone's address or number). */
export function countedQuery(text: string): string | null {
  const q = text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
  if (q === "" || q.includes("@") || /\d[\d\s().+/-]{5,}\d/.test(q)) return null;
  return q.slice(0, MAX_QUERY_LENGTH).trim();
}

class Recorder {
  private pending = new Map<string, { searches: number; zero: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly db: Database) {
    this.timer = setInterval(() => void this.flush().catch(() => {}), FLUSH_MS);
    this.timer.unref();
  }

  record(query: string, lang: Language, found: boolean, at: Date) {
    const key = `${at.toISOString().slice(0, 10)}\u0000${lang}\u0000${query}`;
    let counts = this.pending.get(key);
    if (!counts) {
      if (this.pending.size >= MAX_PENDING) return;
      counts = { searches: 0, zero: 0 };
      this.pending.set(key, counts);
    }
    counts.searches++;
    if (!found) counts.zero++;
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await upsertSearchStats(
      this.db,
      [...batch].map(([key, c]) => {
        const [day = "", lang = "en", query = ""] = key.split("\u0000");
        return { day, lang, query, searches: c.searches, zeroResults: c.zero };
      }),
    );
  }
}

const recorders = new WeakMap<Database, Recorder>();

/** Counts one search of the site's search page: its text as typed, the page's language, whether it found anything. */
export function recordSearch(
  { db }: Pick<Services, "db">,
  search: { text: string; lang: Language; found: boolean },
  at = new Date(),
): void {
  const query = countedQuery(search.text);
  if (query === null) return;
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new Recorder(db);
    recorders.set(db, recorder);
  }
  recorder.record(query, search.lang, search.found, at);
}

/** Writes the counts kept in memory (before the database closes, and in tests). */
export async function flushSearchStats({ db }: Pick<Services, "db">): Promise<void> {
  await recorders.get(db)?.flush();
}

export type SearchReport = { top: SearchCount[]; zero: SearchCount[]; searches: number; zeroResults: number };

/**
 * The period's most frequent searches and the searches that found nothing, for Admin → Analytics (the screen's top
 * twenty; its CSV download asks for more).
 */
export function getSearchReport(
  { db }: Pick<Services, "db">,
  range: { from: string; to: string },
  limit?: number,
): Promise<SearchReport> {
  return searchReport(db, range, limit);
}
