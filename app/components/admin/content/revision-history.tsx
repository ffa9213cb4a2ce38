import { Form } from "react-router";
import { buttonClasses } from "~/components/forms/form-field";
import type { RevisionView } from "~/lib/entry-review";

/** An entry's revision as listed (built by the revisions service). */
export type HistoryEntry = RevisionView;

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * An entry's revisions, newest first: who, when, each field old → new, and a button to put a revision back (not on
 * the one that created the entry, which has nothing before it).
 */
export function RevisionHistory({ history, labels }: { history: HistoryEntry[]; labels: Record<string, string> }) {
  return (
    <section aria-labelledby="history-heading" className="mt-10 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="history-heading" className="text-lg font-semibold text-stone-900">
        History
      </h2>
      {history.length === 0 ? (
        <p className="mt-1 text-stone-700">No changes recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {history.map((r) => (
            <li key={r.id} className="border-t border-stone-200 pt-3 first:border-t-0 first:pt-0">
              <p className="text-sm text-stone-800">
                <span className="font-semibold">Revision {r.id}</span>, <time dateTime={r.at}>{when(r.at)}</time>, by{" "}
                {r.by}
                {r.fromSuggestion ? " (accepting a visitor's suggestion)" : ""}
                {r.reverts ? ` (reverting revision ${r.reverts})` : ""}
                {r.created ? " (creating the entry)" : ""}
              </p>
              <ul className="mt-1 space-y-1 text-sm">
                {r.changes.map((c) => (
                  <li key={c.field} className="break-words">
                    <span className="font-semibold">{labels[c.field] ?? c.field}:</span>{" "}
                    <del className="text-red-900">{c.from}</del> <span aria-hidden="true">→</span>
                    <span className="sr-only">changed to</span> <ins className="text-leaf-900 no-underline">{c.to}</ins>
                  </li>
                ))}
              </ul>
              {r.created ? null : (
                <Form method="post" action={`/admin/dashboard/revisions/${r.id}/revert`} className="mt-2">
                  <button type="submit" className={buttonClasses.secondary}>
                    Revert revision {r.id}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
