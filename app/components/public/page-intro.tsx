import type { ReactNode } from "react";

/**
 * The top of a public page: its one h1, a lead paragraph and optional extra content. `leadLang`: the language of a
 * lead shown untranslated (an owner's text with no translation yet), with `leadNote` (a `ShownInNote`, passed in so
 * that pages without one do not load its messages) right above it.
 */
export function PageIntro({
  title,
  lead,
  leadLang = null,
  leadNote,
  children,
}: {
  title: string;
  lead?: ReactNode;
  leadLang?: string | null;
  leadNote?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-leaf-100 bg-gradient-to-b from-leaf-50 to-soil-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-leaf-900 sm:text-4xl">{title}</h1>
        {lead && leadLang ? (
          <div className="mt-3 max-w-3xl">
            {leadNote}
            <p className="text-lg text-stone-700" lang={leadLang}>
              {lead}
            </p>
          </div>
        ) : lead ? (
          <p className="mt-3 max-w-3xl text-lg text-stone-700">{lead}</p>
        ) : null}
        {children}
      </div>
    </header>
  );
}

/** A friendly message where a list has nothing to show. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-dashed border-leaf-300 bg-white p-8 text-center">
      <p className="text-lg font-semibold text-leaf-900">{title}</p>
      {children ? <div className="mt-2 text-stone-700">{children}</div> : null}
    </div>
  );
}

/**
 * A note above a list about what the address asked for: a filter value it left out, a place it did not find.
 * `status` has a screen reader read it out when it appears.
 */
export function ListNotice({ status, children }: { status?: boolean; children: ReactNode }) {
  return (
    <p role={status ? "status" : undefined} className="mt-4 rounded-md bg-soil-100 px-4 py-2 text-sm text-soil-900">
      {children}
    </p>
  );
}
