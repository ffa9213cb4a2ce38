import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * What a link in an e-mail may do (or, for `api-cursor`, where the read API's next page starts); a token made for one
 * purpose is refused for every other.
 */
export type TokenPurpose =
  | "newsletter-confirm"
  | "newsletter-unsubscribe"
  | "password-reset"
  | "staff-invite"
  | "entry-check"
  | "podcast-confirm"
  | "podcast-unsubscribe"
  | "api-cursor";

export type TokenPayload = {
  /** The purpose. */
  p: TokenPurpose;
  /** The subject: a subscription, user or location id. */
  s: string;
  /** Expiry, seconds since the epoch; absent for links that stay valid (unsubscribe). */
  e?: number;
  /** A one-time value the server also keeps, so a link works once (confirm, reset, invite). */
  n?: string;
};

function mac(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

/** A random one-time value for a single-use link. */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

/** A URL-safe token: the payload and its HMAC-SHA256 under AUTH_SECRET. */
export function signToken(secret: string, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${mac(secret, body).toString("base64url")}`;
}

/**
 * The payload of a token made with this secret for this purpose and not expired, else null. The signature is
 * compared in constant time.
 */
export function verifyToken(
  secret: string,
  token: string | null | undefined,
  purpose: TokenPurpose,
  now = Date.now(),
): TokenPayload | null {
  if (!token || token.length > 1000) return null;
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), "base64url");
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenPayload;
  } catch {
    return null;
  }
  if (payload.p !== purpose || typeof payload.s !== "string") return null;
  if (payload.e !== undefined && payload.e * 1000 < now) return null;
  return payload;
}

/** Two one-time values equal, compared in constant time. */
export function sameNonce(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
