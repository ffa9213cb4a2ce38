import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { signedInServer } from "../helpers/signed-in-server";

// Every admin action, as the route table lists it, gets a form whose id is missing or sent twice (`id=a&id=b`): each
// answers 400 with a message (never a 500, never acting on one of the ids), and nothing stored changes.

const SITE = "https://permaculture.example";
const OWNER = { email: "owner@example.org", password: "a-long-enough-password" };
const owner = signedInServer(SITE, OWNER, "admin-ids-");

/** Sign-in pages and sign-out: not staff actions on stored data (posting to sign-out would end the test's session). */
const NOT_STAFF_ACTIONS = new Set([
  "routes/admin/login.tsx",
  "routes/admin/forgot-password.tsx",
  "routes/admin/reset-password.tsx",
  "routes/admin/logout.ts",
]);
/** The form fields that name what an action works on. */
const ID_FIELDS = ["id", "userId", "duplicate"];
const RANDOM_IDS = ["6f0e8a52-94a4-4a43-9a5e-2d8f1c7b3e10", "0b6c1d3e-5f7a-4b8c-9d0e-1f2a3b4c5d6e"];

type AdminAction = { path: string; file: string; source: string; body: string };

/** The admin routes (from app/routes.ts) whose module exports an action, with their full paths. */
function adminActions(): AdminAction[] {
  const out: AdminAction[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const full = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
      if (entry.file.startsWith("routes/admin/") && !NOT_STAFF_ACTIONS.has(entry.file)) {
        const source = fs.readFileSync(path.resolve("app", entry.file), "utf8");
        const start = source.search(/export (async function|const) action\b/);
        if (start !== -1 && !full.includes("*")) {
          const end = source.indexOf("\n}\n", start);
          out.push({ path: full || "/", file: entry.file, source, body: source.slice(start, end) });
        }
      }
      if (entry.children) walk(entry.children, full);
    }
  };
  walk(routes as RouteConfigEntry[], "");
  return out;
}

/**
 * The intents an action's forms send, read from the route module and the schema modules it imports: each is tried,
 * so the id is looked at whichever branch reads it.
 */
function intentsOf(action: AdminAction): string[] {
  const sources = [action.source];
  for (const m of action.source.matchAll(/from "(\.\.\/\.\.\/lib\/schemas\/[\w-]+)"/g)) {
    const file = path.resolve("app/routes/admin", `${m[1]}.ts`);
    if (fs.existsSync(file)) sources.push(fs.readFileSync(file, "utf8"));
  }
  const found = new Set<string>();
  for (const text of sources) {
    for (const m of text.matchAll(/intent[^\n;]{0,40}?["']([a-z][a-z-]*)["']/g)) found.add(m[1] as string);
    for (const m of text.matchAll(/literal\(["']([a-z][a-z-]*)["']/g)) found.add(m[1] as string);
  }
  return [...found];
}

const post = owner.post;

const get = async (p: string) => (await owner.get(p)).text();

/** Real ids shown on an admin list (edit links, hidden id fields), so an action that took one of them would act. */
async function idsOn(p: string): Promise<string[]> {
  const html = await get(p);
  const ids = [...html.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].map((m) => m[0]);
  return [...new Set(ids)];
}

/** What an owner sees of the stored data: the dashboard's counts and recent changes (every write is audited). */
async function storedSummary(): Promise<string> {
  const html = await get("/admin/dashboard");
  return (html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("admin actions with a missing or repeated id", () => {
  it("finds the admin actions in the route table", () => {
    const files = new Set(adminActions().map((a) => a.file));
    // A sample that must be there: the lists' deletes, the users screen, a screen whose subject is in its address.
    for (const f of ["routes/admin/locations.tsx", "routes/admin/users.tsx", "routes/admin/location-check.ts"])
      expect(files, f).toContain(f);
  });

  it("answers every one with 400 and a message, and stores nothing", async () => {
    const before = await storedSummary();
    const problems: string[] = [];
    for (const action of adminActions()) {
      // Two real ids from the screen's own list for the form's id fields, so an action that took one would act on
      // it; for a screen whose subject is in its address, a real entry of its list (an unknown one where the list
      // is empty or there is none).
      const listPath = action.path
        .replace(/\/(edit\/)?:id.*$|\/add$/, "")
        .replace(/\/dashboard$/, "/dashboard/locations");
      const onList = await idsOn(listPath);
      const [first, second] = [...onList, ...RANDOM_IDS];
      // Other address parameters (a page text's key) name no entry here: the screen answers 404 and acts on nothing.
      const address = action.path
        .replace(":id", (onList[0] ?? RANDOM_IDS[0]) as string)
        .replace(/:[A-Za-z]+/g, "no-such-entry");
      const inAddress = /\/:[A-Za-z]+/.test(action.path);
      // An action that takes no posts says so (405). One whose subject is in its address ignores a stray id field
      // or refuses it, but never fails or acts on it; one whose form names its subject refuses it with a 400.
      const expected = /status: 405/.test(action.body) ? 405 : 400;
      const intents = intentsOf(action);
      const bodies: [string, URLSearchParams][] = [];
      for (const intent of intents.length > 0 ? intents : [""]) {
        const base: [string, string][] = intent ? [["intent", intent]] : [];
        // The id missing: only meaningful where the form carries it (the address carries it otherwise).
        if (!inAddress) bodies.push([`${intent || "no intent"}, id missing`, new URLSearchParams(base)]);
        const twice: [string, string][] = [...base];
        for (const field of ID_FIELDS) twice.push([field, first as string], [field, second as string]);
        bodies.push([`${intent || "no intent"}, id sent twice`, new URLSearchParams(twice)]);
      }
      for (const [what, body] of bodies) {
        const res = await post(address, body);
        const text = await res.text();
        if (inAddress && expected === 400) {
          if (res.status >= 500) problems.push(`${address} (${what}): ${res.status}`);
        } else if (res.status !== expected) problems.push(`${address} (${what}): ${res.status}, expected ${expected}`);
        else if (
          expected === 400 &&
          !/(does not say which|more than one|Unknown action|not valid|is required|takes no form fields|Please|Choose|Enter)/i.test(
            text,
          )
        )
          problems.push(`${address} (${what}): 400 without a clear message`);
      }
    }
    expect(problems).toEqual([]);
    expect(await storedSummary()).toBe(before);
    expect(owner.server.output()).not.toMatch(/is not a function|TypeError/);
  });
});
