import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Globe, Leaf } from "~/components/icons";
import { ADMIN_NAV_ITEMS } from "./nav-items";
import { SignOutButton } from "./sign-out-button";

/**
 * The admin area's frame: a skip link, a sidebar on wide screens (a scrolling strip of links on small ones), a link
 * back to the public site, the signed-in e-mail and a sign-out button. No public header, footer or bottom bar.
 */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-stone-50 md:flex">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <aside className="border-b border-stone-200 bg-white md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 md:block md:py-5">
          <Link to="/admin/dashboard" className="inline-flex items-center gap-2 font-bold text-leaf-800">
            <Leaf aria-hidden="true" className="size-5" />
            <span>Permaculture admin</span>
          </Link>
          <div className="flex items-center gap-3 md:mt-3 md:block">
            {/* A whole page load, not a client navigation: the public site has its own layout, scripts and headers.
                "/" opens the home page in the staff member's language (their choice, else the browser's). */}
            <a
              href="/"
              className="inline-flex min-h-6 items-center gap-1.5 text-sm font-semibold text-leaf-800 underline hover:text-leaf-900"
            >
              <Globe aria-hidden="true" className="size-4" />
              View site
            </a>
            <div className="md:hidden">
              <SignOutButton />
            </div>
          </div>
        </div>
        <nav aria-label="Admin" className="overflow-x-auto md:flex-1 md:overflow-y-auto">
          <ul className="flex gap-1 px-2 pb-2 md:flex-col md:px-3 md:pb-4">
            {ADMIN_NAV_ITEMS.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  end={item.end}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap ${
                      isActive ? "bg-leaf-700 text-white" : "text-stone-700 hover:bg-leaf-50 hover:text-leaf-900"
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden border-t border-stone-200 px-4 py-4 md:block">
          <p className="text-xs text-stone-600">Signed in as</p>
          <p className="mb-3 truncate text-sm font-medium text-stone-900" title={email}>
            {email}
          </p>
          <SignOutButton />
        </div>
        <p className="border-t border-stone-200 px-4 py-2 text-sm break-all text-stone-700 md:hidden">
          Signed in as <span className="font-medium text-stone-900">{email}</span>
        </p>
      </aside>
      <div className="min-w-0 flex-1">
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
