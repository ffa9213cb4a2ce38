import { asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { programs } from "../../db/schema";
import { nameFromSlug } from "../lib/slug";
import { isUuid } from "./locations.server";

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramInput = Omit<typeof programs.$inferInsert, "id" | "slug" | "createdAt" | "updatedAt">;

/** All programs, soonest first (undated ones last), then by name. */
export function listPrograms(db: Database): Promise<ProgramRow[]> {
  return db.select().from(programs).orderBy(sql`${programs.startDate} asc nulls last`, asc(programs.name));
}

export async function getProgramById(db: Database, id: string): Promise<ProgramRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
  return row ?? null;
}

/** One program by slug (hyphens back to spaces give the name), as for locations. */
export async function getProgramBySlug(db: Database, slug: string): Promise<ProgramRow | null> {
  if (slug.length === 0 || slug.length > 300) return null;
  const [row] = await db
    .select()
    .from(programs)
    .where(or(eq(programs.name, nameFromSlug(slug)), eq(programs.slug, slug)))
    .orderBy(sql`${programs.slug} = ${slug} desc`)
    .limit(1);
  return row ?? null;
}

/** Creates a program with createdAt and updatedAt set; returns the new id. */
export async function createProgram(db: Database, input: ProgramInput): Promise<string> {
  const now = new Date();
  const [row] = await db
    .insert(programs)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: programs.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Updates a program and refreshes updatedAt; false when not found. */
export async function updateProgram(db: Database, id: string, input: Partial<ProgramInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(programs)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(programs.id, id))
    .returning({ id: programs.id });
  return rows.length > 0;
}

export async function deleteProgram(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(programs).where(eq(programs.id, id)).returning({ id: programs.id });
  return rows.length > 0;
}

/** Programs hosted at one location, soonest first. */
export function listProgramsByLocation(db: Database, locationId: string): Promise<ProgramRow[]> {
  return db
    .select()
    .from(programs)
    .where(eq(programs.locationId, locationId))
    .orderBy(sql`${programs.startDate} asc nulls last`, asc(programs.name));
}
