/** The footer's quick links in English, in their order, while every page is shown (the site's spec). */
export const FOOTER_QUICK_LINK_NAMES = [
  "Map",
  "Locations",
  "Change-Makers",
  "Programs",
  "Resources",
  "Application",
  "About Us",
  "Podcast",
  "Newsletter",
];
