import { AppLink } from "../app-link";

/** The invitation to suggest a missing place: a line with the link to the form, after a lead-in if there is one. */
export function SuggestPlaceLink({
  lead,
  label,
  className,
  linkClassName = "font-semibold text-leaf-800 underline",
}: {
  lead?: string;
  label: string;
  className: string;
  linkClassName?: string;
}) {
  return (
    <p className={className}>
      {lead}
      {lead ? " " : null}
      <AppLink to="/suggest-a-place" className={linkClassName}>
        {label}
      </AppLink>
    </p>
  );
}
