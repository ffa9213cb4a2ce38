import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { MESSAGES, pageMessagesJson } from "~/server-lib/messages.server";
import { messageGroups, messagePage, PAGE_GROUPS, SHELL_GROUPS } from "./page-messages";

const APP = path.resolve(import.meta.dirname, "../..");
const GROUPS = Object.keys(MESSAGES.en);
/** A message key in code: `"location.title"`, or one built at run time (`` `region.${key}` ``). */
const KEY = /["'`]([a-zA-Z]+)\.(?:[\w.-]+["'`]|\$\{)/g;
const read = (file: string) => fs.readFileSync(file, "utf8");

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join(APP, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * A module and everything it imports from the app, statically or with `import()`. Server modules (`.server.ts`)
 * are left out: they translate with every message on the server (checked below), so a page never needs their keys.
 */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of read(file).matchAll(/(?:from\s*|import\s*\(\s*|import\s+)["']([^"']+)["']/g)) {
    const target = resolve(file, m[1] as string);
    if (target && /\.tsx?$/.test(target) && !/\.server\.tsx?$/.test(target)) closure(target, seen);
  }
  return seen;
}

/** The message groups a set of modules names keys of (`"location.title"` names `location`). */
function groupsUsed(files: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const file of files) {
    for (const m of read(file).matchAll(KEY)) if (GROUPS.includes(m[1] as string)) used.add(m[1] as string);
  }
  return used;
}

/** The public pages' English routes (the other languages' copies use the same modules), with their addresses. */
function publicRoutes(): { path: string; file: string }[] {
  const layout = (routes as RouteConfigEntry[]).find((r) => r.file === "routes/public-layout.tsx");
  return (layout?.children ?? [])
    .filter((r) => !/^[a-z]{2}\//.test(r.id ?? ""))
    .map((r) => ({ path: r.index ? "/" : `/${r.path}`, file: path.join(APP, r.file) }));
}

const shellUsed = groupsUsed(
  new Set([...closure(path.join(APP, "root.tsx")), ...closure(path.join(APP, "routes/public-layout.tsx"))]),
);

describe("the messages each page sends", () => {
  it("give the shell every group its header, footer and error pages use, and no other", () => {
    expect([...shellUsed].sort()).toEqual([...SHELL_GROUPS].sort());
  });

  it("give each kind of page exactly the groups its modules use", () => {
    const pages = publicRoutes();
    expect(pages.length).toBeGreaterThan(15);
    const needed = new Map<string, Set<string>>();
    for (const { path: address, file } of pages) {
      const page = messagePage(address) as string;
      const own = needed.get(page) ?? new Set<string>();
      for (const group of groupsUsed(closure(file))) if (!shellUsed.has(group)) own.add(group);
      needed.set(page, own);
    }
    const declared = Object.fromEntries(
      Object.entries(PAGE_GROUPS).map(([page, groups]) => [page, [...groups].sort()]),
    );
    const wanted = Object.fromEntries([...needed].filter(([page]) => page !== "*").map(([p, g]) => [p, [...g].sort()]));
    expect(declared).toEqual(wanted);
    // The catch-all (an unknown address) shows the shell's 404 only.
    expect([...(needed.get("*") ?? [])]).toEqual([]);
  });

  it("come from server modules already translated: a key named there is always passed to t()", () => {
    const untranslated: string[] = [];
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) return e.name === "locales" ? [] : walk(full);
        return /\.server\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [full] : [];
      });
    for (const file of walk(APP)) {
      const text = read(file);
      for (const m of text.matchAll(KEY)) {
        if (!GROUPS.includes(m[1] as string) || /\.(ics|xml|json|geojson|csv|txt)["'`]$/.test(m[0])) continue;
        const before = text.slice(Math.max(0, m.index - 40), m.index);
        if (!/\bt\(\s*$/.test(before)) untranslated.push(`${path.relative(APP, file)}: ${m[0]}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("are chosen by the address's kind of page, in any language", () => {
    expect(messagePage("/")).toBe("");
    expect(messagePage("/es")).toBe("");
    expect(messagePage("/es/location/green-acres")).toBe("location");
    expect(messagePage("/change-makers/42")).toBe("change-makers");
    expect(messagePage("/de/no-such-page")).toBe("*");
    expect(messagePage("/admin/dashboard")).toBeNull();
    expect(messageGroups(messagePage("/admin/dashboard"))).toBeNull();
    expect(messageGroups(messagePage("/de/no-such-page"))).toEqual(SHELL_GROUPS);
  });

  it("send a page its own texts in its language and leave other pages' out", () => {
    const locations = JSON.parse(pageMessagesJson("es", "/es/locations"));
    expect(locations.locations).toEqual(MESSAGES.es.locations);
    expect(locations.shell).toEqual(MESSAGES.es.shell);
    expect(locations.application).toBeUndefined();
    const application = JSON.parse(pageMessagesJson("de", "/de/application"));
    expect(application.application).toEqual(MESSAGES.de.application);
    expect(application.locations).toBeUndefined();
    // The admin area (English only) gets every message.
    expect(JSON.parse(pageMessagesJson("en", "/admin/dashboard"))).toEqual(MESSAGES.en);
    expect(pageMessagesJson("es", "/es/locations").length).toBeLessThan(JSON.stringify(MESSAGES.es).length / 2);
  });
});
