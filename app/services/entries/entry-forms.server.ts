import { data } from "react-router";
import type { z } from "zod";
import { readEntryLanguageForm, translationFormValues, translationLabels } from "~/lib/i18n/entry-translations";
import { fieldErrors } from "~/lib/schemas";
import type { FormValues } from "~/lib/schemas/form";
import { readEntryForm } from "~/server-lib/form.server";
import type { Database } from "~db/client";
import type { Services } from "../services.server";
import type { SessionUser } from "../staff/guard.server";
import { invalid, type SaveContent, saveContent } from "./content-actions.server";
import { type AnyEntryRow, ENTRY_KINDS, entryKind, entryName, entryPublicPath } from "./registry.server";
import { entryHistory } from "./revisions.server";

/**
 * What the forms of the four collections (locations, programs, change-makers, resources) do alike before and after
 * their kind's own checks: find the entry the address names (a 404 when there is none), read its history, and read
 * a posted form through the kind's schema and its language and translation fields.
 */

export type FormKind = "location" | "program" | "change-maker" | "resource";
type Find<Item> = (db: Database, id: string) => Promise<Item | null | undefined>;

/** The entry an address names (`…/edit/:id`), or none on the add screen; a 404 when the named one does not exist. */
async function namedEntry<Item>(db: Database, kind: FormKind, params: { id?: string }, find: Find<Item>, gone = "") {
  const id = params.id;
  const entry = id ? await find(db, id) : null;
  if (id && !entry) throw data(`No ${kind} with this id exists.${gone}`, { status: 404 });
  return { id, entry: entry ?? null };
}

/**
 * What an entry form's loader reads of the entry itself: the entry being edited (none when adding), its history, and
 * the labels of the form's fields (`labels`: where the form words a field otherwise than the registry).
 */
export async function loadFormEntry<Item>(
  services: Pick<Services, "db">,
  kind: FormKind,
  { params, find, labels }: { params: { id?: string }; find: Find<Item>; labels?: Record<string, string> },
) {
  const { id, entry } = await namedEntry(services.db, kind, params, find, " It may have been deleted.");
  const history = id ? await entryHistory(services, kind, id) : [];
  const row = entry as AnyEntryRow | null;
  /** The entry as the form's page names it and links to its public page (its kind's record makes the address). */
  const shown = row ? { id: row.id, name: entryName(kind, row), publicPath: entryPublicPath(kind, row) } : null;
  return { id, entry, shown, history, labels: entryFormLabels(kind, labels) };
}

/**
 * A posted entry form, read through the kind's schema and its language fields: the parsed values, or the 400 answer
 * with every message (`response`). `stored` is the entry being edited, as it was.
 */
export async function readEntryPost<K extends FormKind>(
  { db }: Pick<Services, "db">,
  request: Request,
  { kind, params }: { kind: K; params: { id?: string } },
) {
  type Kind = (typeof ENTRY_KINDS)[K];
  const record = ENTRY_KINDS[kind] as Kind;
  const schema = record.schema as Kind["schema"];
  const find = record.find as (db: Database, id: string) => Promise<Awaited<ReturnType<Kind["find"]>>>;
  const { id, entry: stored } = await namedEntry(db, kind, params, find);
  const values = await readEntryForm(request, schema);
  const parsed = schema.safeParse(values);
  const language = readEntryLanguageForm(kind, values, stored);
  if (!parsed.success || !language.ok) {
    const errors = { ...(parsed.success ? {} : fieldErrors(parsed.error)), ...(language.ok ? {} : language.errors) };
    return { response: invalid(errors, values) } as const;
  }
  return {
    response: null,
    kind,
    id,
    stored,
    values,
    v: parsed.data as z.output<Kind["schema"]>,
    language: language.value,
  };
}

/**
 * The labels of a kind's form fields, as its error summary and its history name them: the kind's fields as the entry
 * registry labels them (`own` where the form words one otherwise), then its translation fields.
 */
export function entryFormLabels(kind: FormKind, own: Record<string, string> = {}): Record<string, string> {
  const fields = Object.fromEntries(entryKind(kind).fields.map((f) => [f.key, f.label]));
  return { ...fields, ...own, ...translationLabels(kind) };
}

/**
 * A saved entry as its form shows it: its status, the kind's own fields (`own`, as text), its focus areas, and its
 * original language and translations.
 */
export function entryFormValues(
  kind: FormKind,
  entry: { status: string; focusAreas: string[]; language?: unknown; translations?: unknown },
  own: FormValues,
): FormValues {
  return { status: entry.status, ...own, focusAreas: entry.focusAreas, ...translationFormValues(kind, entry) };
}

/**
 * Saves a form's entry (after the kind's own checks) as the entry it read when the form was posted: its revision and
 * audit entry, then back to the kind's list with "<Kind> saved". `more` adds the kind's unique field and what to do
 * after the save.
 */
export function saveEntryForm<Input>(
  services: Pick<Services, "db" | "bus">,
  user: SessionUser,
  post: { kind: FormKind; id: string | undefined; stored: object | null; values: FormValues },
  input: Input,
  more: Pick<SaveContent<Input>, "unique" | "afterSave"> = {},
) {
  const { kind, id, stored, values } = post;
  const toast = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} saved`;
  const redirectTo = entryKind(kind).admin.list;
  return saveContent(services, { revision: kind, before: stored, user, id, input, values, redirectTo, toast, ...more });
}
