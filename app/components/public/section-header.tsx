import { AppLink } from "../app-link";
import { ArrowRight } from "../icons";

/** A home page section's heading with its "see all" link on the right. */
export function SectionHeader({
  id,
  title,
  to,
  linkText,
  spacing = "mb-4",
}: {
  id: string;
  title: React.ReactNode;
  to: string;
  linkText: string;
  spacing?: "mb-3" | "mb-4";
}) {
  return (
    <div className={`${spacing} flex flex-wrap items-baseline justify-between gap-2`}>
      <h2 id={id} className="text-2xl font-bold text-leaf-900">
        {title}
      </h2>
      <AppLink
        to={to}
        className="inline-flex items-center gap-1 font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900"
      >
        {linkText} <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </AppLink>
    </div>
  );
}

/** A card's title linking to its page. */
export function CardTitleLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <AppLink to={to} className="text-leaf-800 underline underline-offset-2 hover:text-leaf-900">
      {children}
    </AppLink>
  );
}
