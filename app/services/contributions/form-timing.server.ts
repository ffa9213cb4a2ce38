import { createHmac, timingSafeEqual } from "node:crypto";
import { claimKeyOnce } from "~/queries/rate-limits.server";
import type { Services } from "../services.server";

/** People need at least this long to fill a form; bots post at once. */
export const MIN_FILL_MS = 3000;
/** A token older than this is refused (the page has been open a day; the form is re-issued with the data kept). */
export const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

function sign(secret: string, form: string, issuedAt: number): string {
  return createHmac("sha256", secret).update(`${form}:${issuedAt}`).digest("base64url");
}

/** A token recording when the form was rendered, signed so it cannot be back-dated. */
export function issueFormToken(secret: string, form: string, now = Date.now()): string {
  return `${now}.${sign(secret, form, now)}`;
}

export type FormTokenCheck = "ok" | "too-fast" | "expired" | "invalid";

/** Checks a submitted token: signed by us, for this form, and old enough. */
export function checkFormToken(secret: string, form: string, token: unknown, now = Date.now()): FormTokenCheck {
  if (typeof token !== "string" || token.length > 200) return "invalid";
  const [ts, mac] = token.split(".");
  const issuedAt = Number(ts);
  if (!ts || !mac || !Number.isSafeInteger(issuedAt)) return "invalid";
  const expected = Buffer.from(sign(secret, form, issuedAt));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const age = now - issuedAt;
  if (age < MIN_FILL_MS) return "too-fast";
  if (age > MAX_FORM_AGE_MS) return "expired";
  return "ok";
}

/**
 * Uses up a token that `checkFormToken` accepted: true the first time, false when it already carried a submission
 * (a replayed or double-sent form). Called only once a submission is about to be stored, so a form sent back with
 * mistakes keeps its token. Kept until the token would have expired anyway.
 */
export async function useFormToken({ db }: Pick<Services, "db">, form: string, token: string): Promise<boolean> {
  const [ts, mac] = token.split(".");
  const issuedAt = Number(ts);
  if (!mac || !Number.isSafeInteger(issuedAt)) return false;
  return claimKeyOnce(db, `form-token:${form}:${mac}`, issuedAt + MAX_FORM_AGE_MS);
}
