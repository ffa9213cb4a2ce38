import { Link } from "react-router";

/** On a place's or profile's screen: the application it was made from, linked. */
export function MadeFromApplication({ application }: { application: { id: string; fullName: string } | null }) {
  if (!application) return null;
  return (
    <p className="mb-4 text-stone-800">
      Made from{" "}
      <Link to={`/admin/dashboard/applicants?id=${application.id}`} className="text-leaf-800 underline">
        the application of {application.fullName}
      </Link>
      .
    </p>
  );
}
