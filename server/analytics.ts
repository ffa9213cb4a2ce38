import { createHash, createHmac } from "node:crypto";
import express, { type Request, type Response } from "express";
import { isbot } from "isbot";
import { z } from "zod";
import { isStaffPath } from "~/lib/staff-path";
import { type NewAnalyticsEvent, storeAnalyticsEvents } from "~/services/analytics/analytics-events.server";
import { CLIENT_RATE_LIMITS } from "~/services/site/rate-limits.server";
import type { Database } from "~db/client";

export const ANALYTICS_MAX_BYTES = 4096;
/** Events one client address may send per minute (declared with the other limits in services/rate-limits). */
export const ANALYTICS_RATE_PER_MINUTE = CLIENT_RATE_LIMITS.analytics.limit;
const ANALYTICS_WINDOW_MS = CLIENT_RATE_LIMITS.analytics.windowMs;

const text = (max: number) => z.string().trim().max(max);
/** Text without control characters (line breaks, NUL, escapes), which no label needs. */
const plain = (v: string) => ![...v].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127);
/**
 * An interaction's category and action, and a form's name: short lowercase words (`map`, `near_me`, `suggest-place`)
 * the admin screen groups by, so free text (a page's address, a visitor's words) cannot pass for one.
 */
const name = (field: string, max = 50) =>
  z
    .string(`${field} must be text`)
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .regex(/^[a-z][a-z0-9_-]*$/, `${field} must be lowercase letters, digits, - or _`);
const common = {
  path: text(500).regex(/^\//, "path must start with /"),
  hostname: text(253),
  referrer: text(1000).optional(),
};
export const AnalyticsEventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("page_view"), title: text(300).optional(), ...common }),
  z.object({
    kind: z.literal("user_interaction"),
    category: name("category"),
    action: name("action"),
    label: text(200).refine(plain, "label must be plain text").optional(),
    value: z.number("value must be a number").finite().min(-1e9).max(1e9).optional(),
    ...common,
  }),
  z.object({ kind: z.literal("form_submission"), formName: name("formName", 100), ...common }),
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** Coarse device class from the user agent; the user agent itself is not stored. */
export function deviceOf(ua: string): "mobile" | "tablet" | "desktop" {
  if (/iPad|Tablet|Nexus (7|9|10)|SM-T/i.test(ua)) return "tablet";
  if (/Mobi|Android|iPhone|iPod/i.test(ua)) return "mobile";
  return "desktop";
}

/**
 * A country code when one is derivable without storing personal data: a proxy's geo header, else the language region.
 * The geo header is believed only from a proxy the operator trusts (TRUST_PROXY): `req.ips` lists the forwarded
 * addresses only when the connection itself comes from a trusted proxy, so a visitor talking to the server directly
 * cannot name a country by sending the header.
 */
export function countryOf(req: Request): string | null {
  if (req.ips.length > 0) {
    const h = req.get("cf-ipcountry") ?? req.get("x-vercel-ip-country") ?? req.get("x-country-code");
    if (h && /^[A-Z]{2}$/i.test(h) && h.toUpperCase() !== "XX") return h.toUpperCase();
  }
  const lang = req.get("accept-language")?.split(",")[0] ?? "";
  const region = lang.match(/^[a-z]{2,3}-([A-Z]{2})\b/i)?.[1];
  return region ? region.toUpperCase() : null;
}

/**
 * Privacy-friendly analytics ingestion: no cookies, no raw IP addresses. Unique visitors are counted with a salted
 * hash of (address, user agent) whose salt rotates daily and derives from a server secret, so it cannot be reversed
 * or linked across days. Bots and events from any hostname other than the production one are ignored.
 */
export function createAnalyticsIngest(opts: {
  db: Database;
  siteUrl: string;
  hashSecret: string;
  flushMs?: number;
  batchSize?: number;
  onError?: (err: unknown) => void;
}) {
  const productionHost = new URL(opts.siteUrl).hostname;
  let buffer: NewAnalyticsEvent[] = [];
  const limits = new Map<string, { windowStart: number; count: number }>();
  const counters = { accepted: 0, ignored: 0, rejected: 0, limited: 0 };

  const dailySalt = (() => {
    let day = "";
    let salt = "";
    return () => {
      const today = new Date().toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        salt = createHmac("sha256", opts.hashSecret).update(`analytics:${today}`).digest("hex");
      }
      return salt;
    };
  })();

  function limited(ip: string): boolean {
    const now = Date.now();
    const windowStart = now - (now % ANALYTICS_WINDOW_MS);
    const entry = limits.get(ip);
    if (!entry || entry.windowStart !== windowStart) {
      if (limits.size > 50_000) limits.clear();
      limits.set(ip, { windowStart, count: 1 });
      return false;
    }
    entry.count++;
    return entry.count > ANALYTICS_RATE_PER_MINUTE;
  }

  async function flush(): Promise<void> {
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    try {
      await storeAnalyticsEvents(opts, batch);
    } catch (err) {
      opts.onError?.(err);
    }
  }
  const timer = setInterval(() => void flush(), opts.flushMs ?? 1000);
  timer.unref();

  const router = express.Router();
  router.post(
    "/api/analytics",
    express.text({ type: () => true, limit: ANALYTICS_MAX_BYTES }),
    async (req: Request, res: Response) => {
      res.setHeader("Cache-Control", "no-store");
      const ua = req.get("user-agent") ?? "";
      const ip = req.ip ?? req.socket.remoteAddress ?? "";
      if (limited(ip)) {
        counters.limited++;
        // The next window starts within the minute.
        res.setHeader(
          "Retry-After",
          String(Math.ceil((ANALYTICS_WINDOW_MS - (Date.now() % ANALYTICS_WINDOW_MS)) / 1000)),
        );
        res.status(429).json({ error: "Too many events; slow down." });
        return;
      }
      let raw: unknown;
      try {
        raw = JSON.parse(typeof req.body === "string" ? req.body : "");
      } catch {
        counters.rejected++;
        res.status(400).json({ error: "The event must be a JSON object." });
        return;
      }
      const parsed = AnalyticsEventSchema.safeParse(raw);
      if (!parsed.success) {
        counters.rejected++;
        res.status(400).json({ error: parsed.error.issues[0]?.message ?? "Invalid event." });
        return;
      }
      const event = parsed.data;
      let originHost: string | null = null;
      try {
        originHost = req.get("origin") ? new URL(String(req.get("origin"))).hostname : null;
      } catch {
        originHost = "invalid";
      }
      if (
        event.hostname !== productionHost ||
        (originHost && originHost !== productionHost) ||
        !ua ||
        isbot(ua) ||
        isStaffPath(event.path)
      ) {
        counters.ignored++;
        res.status(202).end();
        return;
      }
      let referrer: string | null = null;
      if (event.referrer) {
        try {
          const host = new URL(event.referrer).hostname;
          referrer = host && host !== productionHost ? host : null;
        } catch {
          referrer = null;
        }
      }
      buffer.push({
        kind: event.kind,
        path: event.path.split("?")[0]?.slice(0, 500) ?? "/",
        title: event.kind === "page_view" ? (event.title ?? null) : null,
        category: event.kind === "user_interaction" ? event.category : null,
        action: event.kind === "user_interaction" ? event.action : null,
        label: event.kind === "user_interaction" ? (event.label ?? null) : null,
        value: event.kind === "user_interaction" ? (event.value ?? null) : null,
        formName: event.kind === "form_submission" ? event.formName : null,
        referrer,
        visitorHash: createHash("sha256").update(`${dailySalt()}|${ip}|${ua}`).digest("hex").slice(0, 32),
        device: deviceOf(ua),
        country: countryOf(req),
        createdAt: new Date(),
      });
      counters.accepted++;
      if (buffer.length >= (opts.batchSize ?? 500)) void flush();
      res.status(204).end();
    },
  );
  // Body too large or unreadable: a clear 4xx, never a 500.
  router.use(
    "/api/analytics",
    (err: { status?: number; type?: string }, _req: Request, res: Response, next: (e?: unknown) => void) => {
      if (err?.type === "entity.too.large")
        return res.status(413).json({ error: `Events are limited to ${ANALYTICS_MAX_BYTES} bytes.` });
      if (err?.status && err.status < 500)
        return res.status(err.status).json({ error: "The event could not be read." });
      next(err);
    },
  );

  return {
    router,
    flush,
    counters: () => ({ ...counters, buffered: buffer.length }),
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
