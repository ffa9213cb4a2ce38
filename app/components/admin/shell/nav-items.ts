/** Every admin screen, in the order the sidebar lists them. */
export const ADMIN_NAV_ITEMS = [
  { to: "/admin/dashboard", label: "Dashboard", end: true },
  { to: "/admin/dashboard/locations", label: "Locations", end: false },
  { to: "/admin/dashboard/programs", label: "Programs", end: false },
  { to: "/admin/dashboard/resources", label: "Resources", end: false },
  { to: "/admin/dashboard/change-makers", label: "Change-makers", end: false },
  { to: "/admin/dashboard/moderation", label: "Moderation", end: false },
  { to: "/admin/dashboard/applicants", label: "Applicants", end: false },
  { to: "/admin/dashboard/newsletter", label: "Newsletter", end: false },
  { to: "/admin/dashboard/outbox", label: "Outbox", end: false },
  { to: "/admin/dashboard/podcast", label: "Podcast", end: false },
  { to: "/admin/dashboard/users", label: "Users", end: false },
  { to: "/admin/dashboard/analytics", label: "Analytics", end: false },
  { to: "/admin/dashboard/request-stats", label: "Request stats", end: false },
  { to: "/admin/dashboard/pages", label: "Pages", end: false },
  { to: "/admin/dashboard/media-library", label: "Media library", end: false },
  { to: "/admin/dashboard/site-settings", label: "Site settings", end: false },
] as const;
