import type { ReactNode } from "react";
import { paragraphs } from "~/lib/format";
import { ShownInNote } from "./shown-in-note";
import { TagList } from "./tag-list";

/**
 * The parts an entry's page (a place's, a program's, a change-maker's) builds its sections from: each section is
 * named by its heading (`aria-labelledby`), so a screen reader lists it by that name.
 */

/** A section under its heading; `id` names both (`<id>-heading` is the heading's id). */
export function EntrySection({
  id,
  title,
  className,
  headingClassName = "text-xl font-semibold text-leaf-900",
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <h2 id={`${id}-heading`} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * An entry's long text as paragraphs in the language it is written in, after the note that says so when that is not
 * the page's language (`note`, the text's own language unless the page has said it already).
 */
export function EntryText({ text, lang, note = lang }: { text: string; lang: string | null; note?: string | null }) {
  return (
    <>
      <ShownInNote note={note} className="mb-1 text-stone-700" />
      <div className="space-y-4 text-lg leading-relaxed text-stone-800" lang={lang ?? undefined}>
        {paragraphs(text).map((para, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, never reordered
          <p key={i}>{para}</p>
        ))}
      </div>
    </>
  );
}

/** The entry's description, under the page's first heading. */
export function EntryAbout(props: { id: string; title: ReactNode; text: string; lang: string | null }) {
  return (
    <EntrySection id={props.id} title={props.title} headingClassName="text-2xl font-semibold text-leaf-900">
      <div className="mt-4">
        <EntryText text={props.text} lang={props.lang} />
      </div>
    </EntrySection>
  );
}

/**
 * The entry's focus areas (a program's topics), each chip leading to the list at `list` filtered by it; nothing when
 * it has none.
 */
export function EntryFocus({
  title,
  tags,
  list,
  className,
}: {
  title: string;
  tags: { id?: string; name: string }[];
  list: "/locations" | "/programs";
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <EntrySection id="focus" title={title} className={className}>
      <div className="mt-3">
        <TagList label={title} tags={tags} linkTo={(t) => (t.id ? `${list}?focus=${t.id}` : undefined)} />
      </div>
    </EntrySection>
  );
}
