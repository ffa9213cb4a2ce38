import { type AppLoadContext, data } from "react-router";
import type { Database } from "~db/client";
import type { FormValues } from "../lib/schemas/form";
import { formId } from "../lib/schemas/form";
import { parseForm } from "../lib/schemas/form.server";
import { z } from "../lib/zod";
import { recordAudit } from "../queries/audit.server";
import { type ContentEntity, notifyContentChanged } from "./content-events.server";
import type { SessionUser } from "./guard.server";
import { REVISED_ENTITIES, type RevisedEntity, recordRevision } from "./revisions.server";
import { redirectWithToast } from "./toast.server";

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
  create: (db: Database, input: Input) => Promise<string>;
  update: (db: Database, id: string, input: Input) => Promise<unknown>;
  /** The audit entry's entity and what it names after "Created" or "Updated", e.g. `location "Kilimo Commons"`. */
  audit: { entity: string; subject: string };
  /** The public content whose caches must drop what they hold. */
  channel: ContentEntity;
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
  /** A directory entry whose changes are kept as revisions (field by field, shown on its admin screen). */
  revision?: RevisedEntity;
};

/**
 * The end of a content form's action once its input is valid: create or update, then the audit entry, the
 * content-changed notice (caches, other instances) and the redirect to the list with a toast.
 */
export async function saveContent<Input>(context: AppLoadContext, save: SaveContent<Input>) {
  const { db, logger } = context.services;
  const { id, user, audit } = save;
  let savedId: string;
  const before =
    id && save.revision
      ? ((await REVISED_ENTITIES[save.revision].find(db, id)) as Record<string, unknown> | null)
      : null;
  try {
    if (id) {
      await save.update(db, id, save.input);
      savedId = id;
    } else {
      savedId = await save.create(db, save.input);
    }
  } catch (err) {
    if (save.unique && (await save.unique.isTaken())) {
      return invalid({ [save.unique.field]: save.unique.message }, save.values);
    }
    throw err;
  }
  await recordAudit(
    db,
    {
      user,
      action: id ? "update" : "create",
      entity: audit.entity,
      entityId: savedId,
      summary: `${id ? "Updated" : "Created"} ${audit.subject}`,
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  if (save.revision) {
    await recordRevision(context.services, {
      entity: save.revision,
      entityId: savedId,
      before,
      written: save.input as Record<string, unknown>,
      user,
    });
  }
  await notifyContentChanged(context.services, save.channel);
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

/** A list's delete action after its guard: delete, audit entry, content-changed notice, back to the list with a toast. */
export async function deleteContent<Item>(context: AppLoadContext, del: DeleteContent<Item>) {
  const { db, logger } = context.services;
  const existing = await del.find(db, del.id);
  if (!existing) return redirectWithToast(del.redirectTo, del.missing, "error");
  await del.remove(db, del.id);
  await recordAudit(
    db,
    {
      user: del.user,
      action: "delete",
      entity: del.audit.entity,
      entityId: del.id,
      summary: del.audit.summary(existing),
    },
    (err) => logger.warn({ err }, "audit failed"),
  );
  if (del.channel) await notifyContentChanged(context.services, del.channel);
  return redirectWithToast(del.redirectTo, del.done);
}
