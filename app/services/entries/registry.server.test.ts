import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~db/schema";
import { adminHarnessForFile } from "~tests/helpers/admin-context";
import { locationInput } from "~tests/helpers/location-input";
import { storedRevisions } from "~tests/helpers/stored-rows";
import { acceptCorrection, correctionTarget, proposeCorrection } from "../contributions/corrections.server";
import type { SessionUser } from "../staff/guard.server";
import { saveContent } from "./content-actions.server";
import { ENTRY_KIND_NAMES, ENTRY_KINDS, type EntryKind, entryKind, entryName } from "./registry.server";
import { revertRevision } from "./revisions.server";

const h = adminHarnessForFile("registry-admin@example.org");
const staff = (): SessionUser => ({
  id: h.userId,
  email: "registry-admin@example.org",
  name: "Content Admin",
  role: "ADMIN",
  sessionId: "s",
});

/** A new entry of each kind, with only what its table requires. */
function newEntry(kind: EntryKind, name: string): Promise<string> {
  if (kind === "location") return ENTRY_KINDS.location.create(h.t.db, locationInput(name));
  if (kind === "resource") {
    return ENTRY_KINDS.resource.create(h.t.db, { title: name, type: "book", url: "https://books.example/one" });
  }
  return entryKind(kind).create(h.t.db, { name });
}

/** Staff renaming an entry through its form's save (the registry supplies create, update, audit and channel). */
function rename(kind: EntryKind, id: string, to: string) {
  return saveContent(h.context.services, {
    revision: kind,
    user: staff(),
    id,
    input: { [ENTRY_KINDS[kind].nameField]: to },
    values: {},
    redirectTo: ENTRY_KINDS[kind].admin.list,
    toast: "Saved",
  });
}

const nameOf = async (kind: EntryKind, id: string) => {
  const row = await entryKind(kind).find(h.t.db, id);
  return row ? entryName(kind, row) : null;
};

describe("the entry-kind registry", () => {
  it("every kind's change is kept as a revision and put back by reverting it", async () => {
    for (const kind of ENTRY_KIND_NAMES) {
      const id = await newEntry(kind, `First ${kind}`);
      await rename(kind, id, `Second ${kind}`);
      expect(await nameOf(kind, id)).toBe(`Second ${kind}`);
      const [revision] = await storedRevisions(h.t.db, kind, id);
      expect(revision?.changes).toMatchObject({ [ENTRY_KINDS[kind].nameField]: { to: `Second ${kind}` } });
      const reverted = await revertRevision(h.context.services, staff(), revision?.id ?? 0);
      expect(reverted).toEqual({ ok: true, editPath: `${ENTRY_KINDS[kind].admin.edit}/${id}` });
      expect(await nameOf(kind, id)).toBe(`First ${kind}`);
      expect((await storedRevisions(h.t.db, kind, id)).at(-1)?.reverts).toBe(revision?.id);
    }
  });

  it("a visitor's correction to a program and one to a place both land, with their revisions", async () => {
    for (const kind of ["program", "location"] as const) {
      const id = await newEntry(kind, `Misspelt ${kind}`);
      const target = await correctionTarget(h.context.services, kind, id);
      if (!target) throw new Error("no target");
      const proposalId = await proposeCorrection(
        h.context.services,
        target,
        { changes: { name: `Spelt ${kind}` }, seen: { name: `Misspelt ${kind}` } },
        { closure: null, comment: "", proposerEmail: "", consent: false },
      );
      const outcome = await acceptCorrection(h.context.services, staff(), proposalId, {
        use_name: "on",
        name: `Spelt ${kind}`,
      });
      expect(outcome).toMatchObject({ ok: true, entityId: id });
      expect(await nameOf(kind, id)).toBe(`Spelt ${kind}`);
      const revisions = await storedRevisions(h.t.db, kind, id);
      expect(revisions.at(-1)).toMatchObject({ proposalId, changes: { name: { to: `Spelt ${kind}` } } });
    }
  });

  it("a change whose revision cannot be written is not made: the entry stays as it was, with no audit entry", async () => {
    const id = await newEntry("location", "Unchanged Orchard");
    const published = h.published.length;
    // A real failure of the revision's insert, inside the database.
    await h.t.db.execute(sql`
      CREATE FUNCTION refuse_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'revision refused'; END $$`);
    await h.t.db.execute(sql`
      CREATE TRIGGER refuse_revision BEFORE INSERT ON entry_revisions
      FOR EACH ROW EXECUTE FUNCTION refuse_revision()`);
    try {
      await expect(rename("location", id, "Renamed Orchard")).rejects.toThrow(/insert into "entry_revisions"/);
      expect(await nameOf("location", id)).toBe("Unchanged Orchard");
      expect(await h.t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual([]);
      expect(h.published.length).toBe(published);
    } finally {
      await h.t.db.execute(sql`DROP TRIGGER refuse_revision ON entry_revisions`);
      await h.t.db.execute(sql`DROP FUNCTION refuse_revision()`);
    }
    await rename("location", id, "Renamed Orchard");
    expect(await nameOf("location", id)).toBe("Renamed Orchard");
  });
});
