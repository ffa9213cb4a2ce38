import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { LANGUAGE_ROOT_ROUTE } from "./lib/i18n/languages";

/**
 * The public pages, each declared once: under the optional language segment, `/locations` is English and
 * `/es/locations` Spanish, with the same route. One copy per page instead of one per language keeps React Router's
 * per-request matching and route building small (decision 048). The language root refuses a first segment that is
 * not a language with a 404; a static page name (`/map`) always wins over the optional segment.
 *
 * Order matters where two readings of an address score the same, and the one declared first wins:
 * `/suggest-a-correction/location/<id>` is the correction form, not a location page in a language called
 * "suggest-a-correction"; `/location/map` is a location page, not the map in a language called "location". So a
 * page whose address starts with another page's name comes before that page (`app/routes.test.ts` checks every page).
 */
function publicPages() {
  return [
    // Pages with a name, then a value: before any page the value could be taken for.
    route("suggest-a-correction/:kind/:id", "routes/suggest-correction.tsx"),
    route("location/:slug", "routes/location.tsx"),
    route("change-makers/:id", "routes/change-maker.tsx"),
    route("program/:slug", "routes/program.tsx"),
    index("routes/home.tsx"),
    route("locations", "routes/locations.tsx"),
    route("resources", "routes/resources.tsx"),
    route("change-makers", "routes/change-makers.tsx"),
    route("programs", "routes/programs.tsx"),
    route("application", "routes/application.tsx"),
    route("suggest-a-place", "routes/suggest-place.tsx"),
    route("podcast", "routes/podcast.tsx"),
    route("about", "routes/about.tsx"),
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    route("entry/confirm", "routes/entry-confirm.tsx"),
    route("map", "routes/map.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("terms", "routes/terms.tsx"),
    route("search", "routes/search.tsx"),
  ];
}

/** Every public and admin route, plus feeds and health. */
export default [
  layout("routes/public-layout.tsx", [
    route(":lang?", "routes/language-root.ts", { id: LANGUAGE_ROOT_ROUTE }, publicPages()),
    route("*", "routes/not-found.tsx"),
  ]),
  route("login", "routes/login.ts"),
  route("language/:lang", "routes/language.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("healthz", "routes/healthz.ts"),
  route("locations.geojson", "routes/feeds/locations-geojson.ts"),
  route("programs.ics", "routes/feeds/programs-ics.ts"),
  route("podcast.xml", "routes/feeds/podcast-rss.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/settings/stream", "routes/api/settings-stream.ts"),
  route("api/map/clusters", "routes/api/map-clusters.ts"),
  route("api/map/outline", "routes/api/map-outline.ts"),
  route("api/map/nearest", "routes/api/map-nearest.ts"),
  route("api/search/suggest", "routes/api/search-suggest.ts"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("logout", "routes/admin/logout.ts"),
    index("routes/admin/index.ts"),
    route("dashboard/export/:dataset", "routes/admin/export.ts"),
    route("dashboard", "routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("locations", "routes/admin/locations.tsx"),
      route("add", "routes/admin/location-form.tsx", { id: "admin-location-add" }),
      route("edit/:id", "routes/admin/location-form.tsx", { id: "admin-location-edit" }),
      route("edit/:id/check", "routes/admin/location-check.ts"),
      route("edit/:id/merge", "routes/admin/location-merge.ts"),
      route("programs", "routes/admin/programs.tsx"),
      route("programs/add", "routes/admin/program-form.tsx", { id: "admin-program-add" }),
      route("programs/edit/:id", "routes/admin/program-form.tsx", { id: "admin-program-edit" }),
      route("resources", "routes/admin/resources.tsx"),
      route("resources/add", "routes/admin/resource-form.tsx", { id: "admin-resource-add" }),
      route("resources/edit/:id", "routes/admin/resource-form.tsx", { id: "admin-resource-edit" }),
      route("applicants", "routes/admin/applicants.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/issues", "routes/admin/newsletter-issues.tsx"),
      route("newsletter/issues/:id", "routes/admin/newsletter-issue.tsx"),
      route("newsletter/issues/:id/preview", "routes/admin/newsletter-issue-preview.ts"),
      route("podcast", "routes/admin/podcast.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("request-stats", "routes/admin/request-stats.tsx"),
      route("outbox", "routes/admin/outbox.tsx"),
      route("moderation", "routes/admin/moderation.tsx"),
      route("moderation/:id", "routes/admin/moderation-item.tsx"),
      route("revisions/:id/revert", "routes/admin/revision-revert.tsx"),
      route("change-makers", "routes/admin/change-makers.tsx"),
      route("change-makers/add", "routes/admin/change-maker-form.tsx", { id: "admin-change-maker-add" }),
      route("change-makers/edit/:id", "routes/admin/change-maker-form.tsx", { id: "admin-change-maker-edit" }),
      route("site-settings", "routes/admin/site-settings.tsx"),
      route("pages", "routes/admin/pages.tsx"),
      route("pages/:key", "routes/admin/page-text.tsx"),
      route("names", "routes/admin/names.tsx"),
      route("media-library", "routes/admin/media-library.tsx"),
      route("*", "routes/admin/not-found.tsx", { id: "admin-dashboard-not-found" }),
    ]),
    route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
  ]),
] satisfies RouteConfig;
