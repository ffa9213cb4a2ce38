/**
 * The window property saying the page's first view has been sent: by the app once it is live (analytics.tsx), or
 * by the paint-first starter for a visitor who leaves before that (defer-hydration.server.ts).
 */
export const PAGE_VIEW_FLAG = "__pcPageViewSent";
