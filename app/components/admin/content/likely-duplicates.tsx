import { Form, Link } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";
import type { LikelyDuplicate } from "~/lib/entry-review";
import { ENTRY_STATUS_LABELS } from "~/lib/vocabulary";

function reasons(d: LikelyDuplicate): string {
  const out: string[] = [];
  if (d.score >= 0.5) out.push(`name ${Math.round(d.score * 100)} % alike`);
  if (d.distanceKm !== null) out.push(`${d.distanceKm < 1 ? "under 1" : Math.round(d.distanceKm)} km away`);
  if (d.sameWebsite) out.push("same website");
  if (d.sameEmailDomain) out.push("same e-mail domain");
  return out.join(", ");
}

/**
 * Places that look like the same one: name, status, where, and why. On a place's screen each can be merged into
 * it (`mergeAction`); in the moderation queue they are listed to look at before accepting.
 */
export function LikelyDuplicates({ items, mergeAction }: { items: LikelyDuplicate[]; mergeAction?: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="duplicates-heading" className="mb-8 rounded-lg border-2 border-amber-600 bg-amber-50 p-4">
      <h2 id="duplicates-heading" className="text-lg font-semibold text-stone-900">
        Possible duplicates
      </h2>
      <ul className="mt-2 space-y-3">
        {items.map((d) => (
          <li key={d.id} className="text-stone-900">
            <Link to={`/admin/dashboard/edit/${d.id}`} className="font-semibold text-leaf-800 underline">
              {d.name}
            </Link>{" "}
            ({ENTRY_STATUS_LABELS[d.status].toLowerCase()};{" "}
            {[d.city, d.country].filter(Boolean).join(", ") || "no place"}
            ): {reasons(d)}
            {mergeAction ? (
              <Form method="post" action={mergeAction} className="mt-1">
                <input type="hidden" name="duplicate" value={d.id} />
                <button type="submit" className={buttonClasses.secondary}>
                  Merge “{d.name}” into this place
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {mergeAction ? (
        <p className="mt-2 text-sm text-stone-800">
          Merging moves its programs and related change-makers here, keeps its image if this place has none, sends its
          address here and deletes it.
        </p>
      ) : null}
    </section>
  );
}
