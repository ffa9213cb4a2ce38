import { entryEditPath } from "~/lib/admin-paths";
import { UNKNOWN_FOCUS_AREAS } from "~/lib/constants";
import type { FormValues } from "~/lib/schemas/form";
import { nameTakenBy } from "~/lib/schemas/location";
import type { EntryStatus } from "~/lib/vocabulary";
import { invalid } from "~/services/entries/content-actions.server";
import { hasUnknownFocusAreas } from "~/services/entries/focus-areas.server";
import { ENTRY_KINDS, entryKind } from "~/services/entries/registry.server";
import type { Services } from "~/services/services.server";
import type { FormKind } from "./entry-forms.server";

/**
 * What the actions of the collections' forms (routes/admin/*-form.tsx) check alike after the kind's own rules, from
 * the entry registry's records.
 */

/** The kinds whose page address is made from the name, so no two may have names giving one address. */
type NamedKind = "location" | "program";

function hasNameRule(kind: FormKind): kind is NamedKind {
  return entryKind(kind).nameRule !== null;
}

/**
 * A read form's last checks (`errors`: what the kind's own rules found, in the form's order): that its focus areas
 * exist (`focusAreas: false` where the kind's rules have checked them), then the kind's name rule. The 400 answer
 * with every error and a link to the entry whose name clashes, or null when the entry may be saved.
 */
export async function refuseEntryPost(
  { db }: Pick<Services, "db">,
  post: { kind: FormKind; id: string | undefined; values: FormValues; v: { name?: string; focusAreas: string[] } },
  errors: Record<string, string> = {},
  { focusAreas = true }: { focusAreas?: boolean } = {},
) {
  const { kind, id, values, v } = post;
  if (focusAreas && (await hasUnknownFocusAreas({ db }, v.focusAreas))) errors.focusAreas = UNKNOWN_FOCUS_AREAS;
  let clash: { id: string; name: string } | null = null;
  if (hasNameRule(kind) && v.name !== undefined && !errors.name) {
    clash = await ENTRY_KINDS[kind].nameRule.clash(db, v.name, id);
    if (clash) errors.name = nameTakenBy(kind, clash.name);
  }
  if (Object.keys(errors).length === 0) return null;
  return invalid(errors, values, clash ? { nameClash: { href: entryEditPath(kind, clash.id), name: clash.name } } : {});
}

/** A named kind's unique name, as saveEntryForm confirms it when two saves collide. */
export function uniqueName({ db }: Pick<Services, "db">, kind: NamedKind, name: string, id: string | undefined) {
  const { clash, taken } = ENTRY_KINDS[kind].nameRule;
  return { field: "name", message: taken, isTaken: async () => (await clash(db, name, id)) !== null };
}

/**
 * What a named kind's form saves (locations, programs, change-makers): the entry's status and name, the kind's own
 * fields (`own`, built from the parsed form only, so no other posted field reaches the database), then its language
 * and translations; in that order, which is the order its revisions list them in.
 */
export function namedEntryInput<Own extends object, Language extends object>(
  post: { v: { status: EntryStatus; name: string }; language: Language },
  own: Own,
) {
  return { status: post.v.status, name: post.v.name, ...own, ...post.language };
}
