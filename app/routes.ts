import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./lib/i18n/languages";

/**
 * The public pages below the home page, as paths relative to a language's root. English keeps the default route
 * ids; each other language's copy gets ids prefixed with its code.
 */
function publicPages(lang?: Language) {
  // A module serving two addresses (a link page of each mailing list) names each route's id.
  const page = (path: string, file: string, name = file.replace(/\.tsx?$/, "")) =>
    route(path, file, { id: lang ? `${lang}/${name}` : name });
  return [
    page("locations", "routes/locations.tsx"),
    page("location/:slug", "routes/location.tsx"),
    page("resources", "routes/resources.tsx"),
    page("change-makers", "routes/change-makers.tsx"),
    page("change-makers/:id", "routes/change-maker.tsx"),
    page("programs", "routes/programs.tsx"),
    page("program/:slug", "routes/program.tsx"),
    page("application", "routes/application.tsx"),
    page("suggest-a-place", "routes/suggest-place.tsx"),
    page("suggest-a-correction/:kind/:id", "routes/suggest-correction.tsx"),
    page("podcast", "routes/podcast.tsx"),
    page("podcast/confirm", "routes/subscription-confirm.tsx", "routes/podcast-confirm"),
    page("podcast/unsubscribe", "routes/subscription-unsubscribe.tsx", "routes/podcast-unsubscribe"),
    page("about", "routes/about.tsx"),
    page("newsletter", "routes/newsletter.tsx"),
    page("newsletter/confirm", "routes/subscription-confirm.tsx", "routes/newsletter-confirm"),
    page("newsletter/unsubscribe", "routes/subscription-unsubscribe.tsx", "routes/newsletter-unsubscribe"),
    page("entry/confirm", "routes/entry-confirm.tsx"),
    page("map", "routes/map.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("terms", "routes/terms.tsx"),
    page("open-data", "routes/open-data.tsx"),
    page("search", "routes/search.tsx"),
  ];
}

/** Every public and admin route, plus feeds and health. */
export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    ...publicPages(),
    // Every public page again under each other language's prefix (`/es/locations`), with its own route ids.
    ...LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE).flatMap((lang) => [
      route(lang, "routes/home.tsx", { id: `${lang}/routes/home` }),
      ...prefix(lang, publicPages(lang)),
      route(`${lang}/*`, "routes/not-found.tsx", { id: `${lang}/routes/not-found` }),
    ]),
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
  route("api/settings/current", "routes/api/settings-current.ts"),
  route("api/map/clusters", "routes/api/map-clusters.ts"),
  route("api/map/outline", "routes/api/map-outline.ts"),
  route("api/map/nearest", "routes/api/map-nearest.ts"),
  route("api/search/suggest", "routes/api/search-suggest.ts"),
  // The open data's read API (decisions 069, 070).
  // The read API's description and its reference page (decision 074).
  route("api/v1/openapi.json", "routes/api/v1/openapi.ts"),
  route("api/v1/docs", "routes/api/v1/docs.ts"),
  route("api/v1/docs/:file", "routes/api/v1/docs-asset.ts"),
  route("api/v1/:collection", "routes/api/v1/collection.ts"),
  route("api/v1/:collection/:id", "routes/api/v1/item.ts"),
  // OGC API – Features over the places and programs (decision 073).
  route("ogc/*", "routes/ogc.ts"),

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
      // One screen, two route modules: the episodes, and below them the subscribers (an index route: same URL).
      route("podcast", "routes/admin/podcast.tsx", [index("routes/admin/podcast-subscribers.tsx")]),
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
