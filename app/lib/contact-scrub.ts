/**
 * Open data never carries an e-mail address or a phone number (harvesting them is the first thing a spammer does
 * with an open directory), not even one typed into a description: free text is scrubbed before it leaves the site
 * in bulk. A phone number is a run of at least nine digits with the separators people type (spaces, dots, dashes,
 * brackets), or a `+` and at least seven: long enough that years ("1990-2000"), prices and dates are left alone.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const PHONE = /(?:\+|\b)\(?\d(?:[\s().-]{0,2}\d){6,}/g;
const LINK_SCHEME = /\b(?:mailto|tel|sms|callto):\S*/gi;
const REMOVED = "[removed]";

function digitCount(s: string): number {
  let n = 0;
  for (const c of s) if (c >= "0" && c <= "9") n += 1;
  return n;
}

/** The text with e-mail addresses, phone numbers and mailto:/tel: links replaced by "[removed]", and no `@` left. */
export function scrubContacts(text: string): string {
  return text
    .replace(LINK_SCHEME, REMOVED)
    .replace(EMAIL, REMOVED)
    .replace(PHONE, (m) => (digitCount(m) >= 9 || (m.startsWith("+") && digitCount(m) >= 7) ? REMOVED : m))
    .replaceAll("@", " at ");
}

/** A web address for open data: http(s) only (never mailto: or tel:), an `@` in it percent-encoded. */
export function publicWebAddress(url: string | null | undefined): string | null {
  const u = (url ?? "").trim();
  if (!/^https?:\/\//i.test(u)) return null;
  return u.replaceAll("@", "%40");
}
