/** The Content-Security-Policy, with the inline scripts allowed by a per-response nonce or by their hashes. */
export function contentSecurityPolicy(scripts: { nonce: string } | { hashes: string[] } | "none"): string {
  const allowed =
    scripts === "none"
      ? ""
      : "nonce" in scripts
        ? ` 'nonce-${scripts.nonce}'`
        : scripts.hashes.map((h) => ` 'sha256-${h}'`).join("");
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the allowed scripts load the page's modules; 'self' is for browsers without CSP 3.
    `script-src 'self'${allowed} 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "media-src 'self' https: blob:",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}
