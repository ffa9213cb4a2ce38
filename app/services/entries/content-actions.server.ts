import { data } from "react-router";
import type { FormValues } from "~/lib/schemas/form";
import { formId } from "~/lib/schemas/form";
import { z } from "~/lib/zod";
import { parseForm } from "~/server-lib/form.server";
import type { Database } from "~db/client";
import type { Services } from "../services.server";
import { redirectWithToast } from "../site/toast.server";
import type { SessionUser } from "../staff/guard.server";
import { type ContentEntity, notifyContentChanged } from "./content-events.server";
import { type EntryKind, entryKind } from "./registry.server";
import { recordChange } from "./revisions.server";

type FormErrors = Record<string, string>;

/** The 400 answer to a form with problems: the messages by field, and what was typed so the form shows it again. */
export function invalid(errors: FormErrors, values: FormValues, extra: { nameClash?: NameClash } = {}) {
  return data({ errors, values, ...extra }, { status: 400 });
}

/** Another entry already holding the address a name would get: named in the error, with a link to its screen. */
export type NameClash = { href: string; name: string };

export type SaveContent<Input> = {
  user: SessionUser;
  /** The item's id when editing; undefined when adding. */
  id: string | undefined;
  /** Built from the parsed form only, so no other posted field reaches the database. */
  input: Input;
  values: FormValues;
  redirectTo: string;
  /** The success toast shown after the redirect. */
  toast: string;
  /**
   * After a save, somewhere better to go than the list (with its own message), e.g. the new place's screen when it
   * looks like a place already listed; null to go to the list.
   */
  afterSave?: (savedId: string) => Promise<{ to: string; toast: string } | null>;
  /**
   * A unique field the route has already checked. Two admins saving at once can still collide; the database's
   * unique index then refuses the write, and when `isTaken` confirms it the failure becomes this field's error.
   */
  unique?: { field: string; message: string; isTaken: () => Promise<boolean> };
} & (SavedEntry<Input> | SavedOther<Input>);

/**
 * A directory entry (entries/registry.server.ts): its changes are kept as revisions (field by field, shown on its
 * admin screen), and its kind's record gives what is not given here: how it is created and updated, the audit
 * entry (`location "Kilimo Commons"`) and the channel its caches listen on.
 */
type SavedEntry<Input> = {
  revision: EntryKind;
  /** The entry as the route read it (then it is not read again); omitted, it is read when editing. */
  before?: object | null;
  create?: (db: Database, input: Input) => Promise<string>;
  update?: (db: Database, id: string, input: Input) => Promise<unknown>;
  audit?: { entity: string; subject: string };
  channel?: ContentEntity;
};

/** Other content (podcast episodes): everything given. */
type SavedOther<Input> = {
  revision?: undefined;
  before?: undefined;
  create: (db: Database, input: Input) => Promise<string>;
  update: (db: Database, id: string, input: Input) => Promise<unknown>;
  /** The audit entry's entity and what it names after "Created" or "Updated", e.g. `location "Kilimo Commons"`. */
  audit: { entity: string; subject: string };
  /** The public content whose caches must drop what they hold. */
  channel: ContentEntity;
};

/** How a save writes, whether given by the route or by the entry's kind. */
function saveSteps<Input>(save: SaveContent<Input>) {
  if (!save.revision) return save;
  const kind = entryKind(save.revision);
  const written = save.input as Record<string, unknown>;
  return {
    create: save.create ?? ((db: Database, input: Input) => kind.create(db, input as Record<string, unknown>)),
    update:
      save.update ??
      ((db: Database, id: string, input: Input) => kind.update(db, id, input as Record<string, unknown>)),
    audit: save.audit ?? { entity: kind.kind, subject: `${kind.noun} "${String(written[kind.nameField] ?? "")}"` },
    channel: save.channel ?? kind.channel,
  };
}

/**
 * The end of a content form's action once its input is valid: in one transaction, create or update, the entry's
 * revision and the audit entry (a failure of any rolls all back and is the usual error: decision 063); then the
 * content-changed notice (caches, other instances) and the redirect to the list with a toast.
 */
export async function saveContent<Input>(services: Pick<Services, "db" | "bus">, save: SaveContent<Input>) {
  const { db } = services;
  const { id, user } = save;
  const { create, update, audit, channel } = saveSteps(save);
  const before =
    id && save.revision
      ? ((save.before !== undefined ? save.before : await entryKind(save.revision).find(db, id)) as Record<
          string,
          unknown
        > | null)
      : null;
  let savedId: string;
  try {
    savedId = await db.transaction(async (t) => {
      if (id) await update(t, id, save.input);
      const saved = id ?? (await create(t, save.input));
      await recordChange(
        { db: t },
        {
          audit: {
            user,
            action: id ? "update" : "create",
            entity: audit.entity,
            entityId: saved,
            summary: `${id ? "Updated" : "Created"} ${audit.subject}`,
          },
          revision: save.revision
            ? { entity: save.revision, entityId: saved, before, written: save.input as Record<string, unknown> }
            : null,
        },
      );
      return saved;
    });
  } catch (err) {
    if (save.unique && (await save.unique.isTaken())) {
      return invalid({ [save.unique.field]: save.unique.message }, save.values);
    }
    throw err;
  }
  await notifyContentChanged(services, channel);
  const elsewhere = save.afterSave ? await save.afterSave(savedId) : null;
  if (elsewhere) return redirectWithToast(elsewhere.to, elsewhere.toast, "info");
  return redirectWithToast(save.redirectTo, save.toast);
}

/** The one id a list's delete form posts; any other intent, or a missing or repeated id, is refused (400). */
export async function readDeleteId(request: Request, noun: string): Promise<string> {
  const { id } = await parseForm(
    request,
    z.object({ intent: z.literal("delete", { error: "Unknown action." }), id: formId(noun) }),
  );
  return id;
}

export type DeleteContent<Item> = {
  user: SessionUser;
  id: string;
  find: (db: Database, id: string) => Promise<Item | null | undefined>;
  remove: (db: Database, id: string) => Promise<unknown>;
  audit: { entity: string; summary: (item: Item) => string };
  /** Omitted for data that is not public content (e.g. newsletter subscribers). */
  channel?: ContentEntity;
  redirectTo: string;
  /** The toasts: when the item was already gone (an error), and after deleting it. */
  missing: string;
  done: string;
};

/**
 * A list's delete action after its guard: in one transaction the delete and its audit entry (either failing rolls
 * both back), then the content-changed notice and back to the list with a toast.
 */
export async function deleteContent<Item>(services: Pick<Services, "db" | "bus">, del: DeleteContent<Item>) {
  const { db } = services;
  const existing = await del.find(db, del.id);
  if (!existing) return redirectWithToast(del.redirectTo, del.missing, "error");
  await db.transaction(async (t) => {
    await del.remove(t, del.id);
    await recordChange(
      { db: t },
      {
        audit: {
          user: del.user,
          action: "delete",
          entity: del.audit.entity,
          entityId: del.id,
          summary: del.audit.summary(existing),
        },
      },
    );
  });
  if (del.channel) await notifyContentChanged(services, del.channel);
  return redirectWithToast(del.redirectTo, del.done);
}

/** The parts of a directory entry's delete that its kind's record gives: how it is found and removed, audit, channel. */
export function entryDeleteSteps(kind: EntryKind) {
  const entry = entryKind(kind);
  return {
    find: entry.find,
    remove: entry.remove,
    audit: {
      entity: entry.kind,
      summary: (row: Record<string, unknown>) => `Deleted ${entry.noun} "${String(row[entry.nameField] ?? "")}"`,
    },
    channel: entry.channel,
    redirectTo: entry.admin.list,
  };
}
