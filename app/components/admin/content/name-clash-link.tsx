import { Link } from "react-router";

/** Under a name refused because another entry has the same address: the way to that entry. */
export function NameClashLink({ clash }: { clash?: { href: string; name: string } }) {
  if (!clash) return null;
  return (
    <p className="text-sm">
      <Link to={clash.href} className="font-semibold text-leaf-700 underline">
        Open “{clash.name}”
      </Link>
    </p>
  );
}
