import { AppLink } from "../app-link";

/** A link to an entry's page named by the entry's name, marked with the name's language when it is not the page's. */
export function EntryLink({
  to,
  entry,
  className,
}: {
  to: string;
  entry: { name: string; nameLang?: string | null };
  className: string;
}) {
  return (
    <AppLink to={to} className={className} lang={entry.nameLang ?? undefined}>
      {entry.name}
    </AppLink>
  );
}
