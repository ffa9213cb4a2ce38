import { Link, NavLink, Outlet } from "react-router";
import { SITE_NAME, SITE_TAGLINE } from "../lib/constants";
import { getGeneralSettings, getNavigation } from "../queries/settings.server";
import type { Route } from "./+types/public-layout";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.services;
  const [navigation, general] = await Promise.all([
    getNavigation(db, (err) => logger.warn({ err }, "navigation settings unreadable; showing all pages")),
    getGeneralSettings(db).catch(() => ({ contactEmail: "info@permaculture.example", mapStyleUrl: "" })),
  ]);
  return { navigation, contactEmail: general.contactEmail, year: new Date().getFullYear() };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { navigation, contactEmail, year } = loaderData;
  const links = [
    { to: "/", label: "Home", show: navigation.home },
    { to: "/locations", label: "Locations", show: navigation.locations },
    { to: "/map", label: "Map", show: true },
    { to: "/programs", label: "Programs", show: navigation.programs },
    { to: "/application", label: "Application", show: true },
    { to: "/about", label: "About Us", show: navigation.about },
    { to: "/podcast", label: "Podcast", show: navigation.podcast },
    { to: "/newsletter", label: "Newsletter", show: true },
  ];
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="border-b border-leaf-100 bg-white">
        <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
          <Link to="/" className="text-lg font-bold text-leaf-800">
            {SITE_NAME}
          </Link>
          <ul className="flex flex-wrap gap-3 text-sm">
            {links
              .filter((l) => l.show)
              .map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className="text-stone-700 hover:text-leaf-700">
                    {l.label}
                  </NavLink>
                </li>
              ))}
          </ul>
          <Link to="/application" className="ml-auto rounded bg-leaf-700 px-3 py-1.5 text-sm font-semibold text-white">
            Apply Now
          </Link>
        </nav>
      </header>
      <Outlet />
      <footer className="mt-16 bg-leaf-900 text-leaf-50">
        <div className="mx-auto max-w-6xl px-4 py-10 text-sm">
          <p>{SITE_TAGLINE}</p>
          <p className="mt-4">
            Contact: <a href={`mailto:${contactEmail}`}>{contactEmail}</a> · <Link to="/privacy">Privacy</Link> ·{" "}
            <Link to="/terms">Terms</Link>
          </p>
          <p className="mt-4">
            © {year} {SITE_NAME}
          </p>
        </div>
      </footer>
    </>
  );
}
