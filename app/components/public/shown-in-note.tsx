/**
 * The small note under an entry's text when that text is its original in another language than the page's
 * ("Shown in Portuguese"). The note itself is in the page's language; the text it refers to carries `lang`.
 */
export function ShownInNote({ note, className = "" }: { note: string | null; className?: string }) {
  if (!note) return null;
  return (
    <p className={`text-sm italic ${className}`} data-testid="shown-in-note">
      {note}
    </p>
  );
}
