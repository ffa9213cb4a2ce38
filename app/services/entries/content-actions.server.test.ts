import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~db/schema";
import { adminHarnessForFile, dataResult } from "~tests/helpers/admin-context";
import type { SessionUser } from "../staff/guard.server";
import { deleteContent, readDeleteId, saveContent } from "./content-actions.server";
import { CONTENT_CHANNEL } from "./content-events.server";

let user: SessionUser;

const h = adminHarnessForFile("helpers-admin@example.org");

beforeAll(async () => {
  user = { id: h.userId, email: "helpers-admin@example.org", name: "Content Admin", role: "ADMIN", sessionId: "s" };
});

const auditFor = (entityId: string) => h.t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
const toastOf = (res: Response) => decodeURIComponent(res.headers.get("Set-Cookie") ?? "");

describe("saveContent", () => {
  const base = {
    user,
    values: { name: "Seed Library" },
    input: { name: "Seed Library" },
    update: async () => true,
    audit: { entity: "program", subject: 'program "Seed Library"' },
    channel: "programs" as const,
    redirectTo: "/admin/dashboard/programs",
    toast: "Program saved",
  };

  it("creates, records who did it, tells the caches and returns to the list with a toast", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    const before = h.published.length;
    const res = (await saveContent(h.context.services, { ...base, id: undefined, create: async () => id })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/dashboard/programs");
    expect(toastOf(res)).toContain("Program saved");
    expect((await auditFor(id))[0]).toMatchObject({
      action: "create",
      entity: "program",
      summary: 'Created program "Seed Library"',
    });
    expect(h.published.slice(before)).toEqual([[CONTENT_CHANNEL, expect.stringContaining('"programs"')]]);
  });

  it("says Updated when editing, and passes the id to the update", async () => {
    const id = "00000000-0000-4000-8000-000000000002";
    let updated = "";
    await saveContent(h.context.services, {
      ...base,
      id,
      create: async () => "never",
      update: async (_db, which) => {
        updated = which;
        return true;
      },
    });
    expect(updated).toBe(id);
    expect((await auditFor(id))[0]?.summary).toBe('Updated program "Seed Library"');
  });

  it("turns a write lost to a concurrent save of the same name into that field's error (400)", async () => {
    const before = h.published.length;
    const result = await saveContent(h.context.services, {
      ...base,
      id: undefined,
      create: async () => {
        throw new Error("duplicate key value violates unique constraint");
      },
      unique: { field: "name", message: "Another program already uses this name.", isTaken: async () => true },
    });
    const { status, data } = dataResult<{ errors: Record<string, string>; values: Record<string, string> }>(result);
    expect(status).toBe(400);
    expect(data).toEqual({
      errors: { name: "Another program already uses this name." },
      values: { name: "Seed Library" },
    });
    expect(h.published.length).toBe(before);
  });

  it("lets any other failure through", async () => {
    const failing = {
      ...base,
      id: undefined,
      create: async (): Promise<string> => Promise.reject(new Error("disk full")),
    };
    await expect(saveContent(h.context.services, failing)).rejects.toThrow("disk full");
    const notTaken = { ...failing, unique: { field: "name", message: "taken", isTaken: async () => false } };
    await expect(saveContent(h.context.services, notTaken)).rejects.toThrow("disk full");
  });
});

describe("deleteContent", () => {
  const base = {
    user,
    remove: async () => true,
    audit: { entity: "resource", summary: (r: { title: string }) => `Deleted resource "${r.title}"` },
    redirectTo: "/admin/dashboard/resources",
    missing: "That resource no longer exists.",
    done: "Resource deleted",
  };

  it("deletes, records it and tells the caches when the data is public", async () => {
    const id = "00000000-0000-4000-8000-000000000003";
    let removed = "";
    const before = h.published.length;
    const res = await deleteContent(h.context.services, {
      ...base,
      id,
      find: async () => ({ title: "Gaia's Garden" }),
      remove: async (_db, which) => {
        removed = which;
        return true;
      },
      channel: "resources",
    });
    expect(removed).toBe(id);
    expect(toastOf(res)).toContain("Resource deleted");
    expect((await auditFor(id))[0]).toMatchObject({ action: "delete", summary: `Deleted resource "Gaia's Garden"` });
    expect(h.published.length).toBe(before + 1);
  });

  it("announces nothing for data that is not public content", async () => {
    const before = h.published.length;
    await deleteContent(h.context.services, {
      ...base,
      id: "00000000-0000-4000-8000-000000000004",
      find: async () => ({ title: "x" }),
    });
    expect(h.published.length).toBe(before);
  });

  it("answers an item that is already gone with an error toast and deletes nothing", async () => {
    let removed = false;
    const res = await deleteContent(h.context.services, {
      ...base,
      id: "gone",
      find: async () => null,
      remove: async () => {
        removed = true;
        return true;
      },
    });
    expect(res.headers.get("Location")).toBe("/admin/dashboard/resources");
    expect(toastOf(res)).toContain('"That resource no longer exists.","type":"error"');
    expect(removed).toBe(false);
  });
});

describe("readDeleteId", () => {
  const ID = "0796e4de-d354-4616-98e1-1287884b64f9";
  const post = (fields: string[][]) =>
    new Request("http://localhost/admin", { method: "POST", body: new URLSearchParams(fields) });

  it("reads the id of a delete form", async () => {
    expect(
      await readDeleteId(
        post([
          ["intent", "delete"],
          ["id", ID.toUpperCase()],
        ]),
        "location",
      ),
    ).toBe(ID);
  });

  it("refuses any other intent with a 400", async () => {
    const thrown = await readDeleteId(
      post([
        ["intent", "publish"],
        ["id", ID],
      ]),
      "location",
    ).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 400 }, data: "Unknown action." });
  });

  it("refuses a missing, repeated or malformed id with a 400 that says so, instead of reading one of them", async () => {
    const refused = (fields: string[][]) => readDeleteId(post(fields), "location").catch((e: unknown) => e);
    expect(await refused([["intent", "delete"]])).toMatchObject({
      init: { status: 400 },
      data: "The form does not say which location.",
    });
    expect(
      await refused([
        ["intent", "delete"],
        ["id", ID],
        ["id", "15308997-3ca1-4396-b6e5-b5d3d285f0eb"],
      ]),
    ).toMatchObject({ init: { status: 400 }, data: "The form names more than one location: send one at a time." });
    expect(
      await refused([
        ["intent", "delete"],
        ["id", "abc"],
      ]),
    ).toMatchObject({ init: { status: 400 }, data: "The location's id is not valid." });
  });
});
