/**
 * The admin area is staff at work, not visitors: analytics neither sends (browser) nor stores (server) its page
 * views, which would otherwise crowd the site's own top pages.
 */
export function isStaffPath(path: string): boolean {
  return /^\/admin(\/|$)/i.test(path);
}
