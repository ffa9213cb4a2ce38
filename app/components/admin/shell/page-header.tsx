import type { ReactNode } from "react";

/** The heading row of an admin screen: one h1, an optional line of context and optional actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-stone-900 md:text-3xl">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-stone-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A titled part of an admin screen: its h2 names the section for screen readers (`${id}-heading`). */
export function PageSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
