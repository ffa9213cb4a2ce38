/**
 * Providers that ignore dots in the local part (`v.i.c.t.i.m@gmail.com` is `victim@gmail.com`), by domain, and the
 * domain their mail is counted under. Other providers may deliver `a.b@` and `ab@` to two people, so their dots stay.
 */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

/** A domain in one spelling: lower case, no final dot, Unicode in its ASCII (punycode) form. */
function canonicalDomain(domain: string): string {
  const plain = domain.toLowerCase().replace(/\.+$/, "");
  if (/^[a-z0-9.-]*$/.test(plain)) return plain;
  try {
    // The URL parser applies IDNA, so "bücher.example" and "xn--bcher-kva.example" are one domain.
    return new URL(`http://${plain}/`).hostname;
  } catch {
    return plain;
  }
}

/**
 * The mailbox an address delivers to, as the per-recipient mail caps count it (decision 054), and its domain:
 * lower case, without a `+tag` (`victim+1@example.org` reaches `victim@example.org`), without the dots Gmail
 * ignores. Different spellings of one inbox give one key, so a form cannot flood it by varying the address.
 * Not an address to send to: mail still goes to the address as typed.
 */
export function mailboxOf(address: string): { mailbox: string; domain: string } {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return { mailbox: trimmed, domain: "" };
  let local = trimmed.slice(0, at);
  let domain = canonicalDomain(trimmed.slice(at + 1));
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replace(/\./g, "") || local;
    domain = dotless;
  }
  return { mailbox: `${local}@${domain}`, domain };
}
