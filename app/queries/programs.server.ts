import { and, arrayContains, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~db/client";
import { locations, programs } from "~db/schema";
import { ENTRY_NAME_MAX_LENGTH } from "../lib/constants";
import type { Language } from "../lib/i18n/languages";
import { isUuid } from "../lib/ids";
import { nameFromSlug } from "../lib/slug";
import { listSearchSql } from "./list-search.server";
import { addressLookups } from "./page-addresses.server";
import { rememberSlugBeforeRename } from "./redirects.server";
import { entityRows, pageWithTotal, touchedAndChecked } from "./rows.server";
import { escapeLike, publishedSql, type StatusFilter, statusSql } from "./sql-helpers.server";

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramInput = Omit<typeof programs.$inferInsert, "id" | "slug" | "createdAt" | "updatedAt">;

/** All published programs, soonest first (undated ones last), then by name. */
export function listPrograms(db: Executor): Promise<ProgramRow[]> {
  return db
    .select()
    .from(programs)
    .where(publishedSql(programs.status))
    .orderBy(sql`${programs.startDate} asc nulls last`, asc(programs.name));
}

/** A program's rows by id; staff saving one also mark it as checked now. */
const programRows = entityRows<typeof programs, ProgramInput>(programs, touchedAndChecked);
export const { get: getProgramById, create: createProgram, remove: deleteProgram } = programRows;

/** One published program by slug (hyphens back to spaces give the name), as for locations; staff see any. */
export async function getProgramBySlug(
  db: Executor,
  slug: string,
  opts: { includeUnpublished?: boolean } = {},
): Promise<ProgramRow | null> {
  if (slug.length === 0 || slug.length > ENTRY_NAME_MAX_LENGTH) return null;
  const [row] = await db
    .select()
    .from(programs)
    .where(
      and(
        or(eq(programs.name, nameFromSlug(slug)), eq(programs.slug, slug)),
        opts.includeUnpublished ? undefined : publishedSql(programs.status),
      ),
    )
    .orderBy(sql`${programs.slug} = ${slug} desc`)
    .limit(1);
  return row ?? null;
}

/** Updates a program (staff saving it: it is also marked as checked now); false when not found. */
export async function updateProgram(db: Executor, id: string, input: Partial<ProgramInput>): Promise<boolean> {
  if (!isUuid(id)) return false;
  // A rename keeps the old address working (it answers 301 to the new one).
  if (typeof input.name === "string") await rememberSlugBeforeRename(db, "program", id, input.name);
  return programRows.update(db, id, input);
}

/** Programs as listed publicly: the fields a list or feed shows, with the host location's name and place. */
export type ProgramListFilters = {
  /** One program (its own calendar file). */
  id?: string;
  format?: ProgramRow["format"];
  regionId?: string;
  /** Programs on this focus area. */
  focusAreaId?: string;
  /** Programs whose host location is in this country (its English name, as stored). */
  country?: string;
  /** Programs taught in this language (an ISO 639-1 code of the list, decision 060). */
  instructionLanguage?: string;
  /** Words, read with web-search syntax (decision 013); the best match first. */
  q?: string;
  /** The language the words are read in (stems, stop words); English when not given. */
  lang?: Language;
  /** Programs overlapping these days (either end open); programs without dates are left out. */
  from?: string;
  to?: string;
  price?: "free" | "paid";
};

/** Programs with their host location, soonest first (or best match first with words), for the public list and feeds. */
export async function listProgramSummaries(db: Executor, opts: ProgramListFilters = {}) {
  const conds: SQL[] = [publishedSql(programs.status)];
  if (opts.format) conds.push(eq(programs.format, opts.format));
  if (opts.regionId) conds.push(eq(locations.regionId, opts.regionId));
  if (opts.id) conds.push(isUuid(opts.id) ? eq(programs.id, opts.id) : sql`false`);
  if (opts.focusAreaId)
    conds.push(isUuid(opts.focusAreaId) ? sql`${opts.focusAreaId}::uuid = ANY(${programs.focusAreas})` : sql`false`);
  if (opts.country) conds.push(eq(locations.country, opts.country));
  if (opts.instructionLanguage) conds.push(arrayContains(programs.instructionLanguages, [opts.instructionLanguage]));
  const search = await listSearchSql(db, "program", "programs", opts);
  if (search.where) conds.push(search.where);
  if (opts.from || opts.to) conds.push(sql`${programs.startDate} IS NOT NULL`);
  if (opts.to) conds.push(sql`${programs.startDate} <= ${opts.to}`);
  if (opts.from) conds.push(sql`coalesce(${programs.endDate}, ${programs.startDate}) >= ${opts.from}`);
  if (opts.price === "free") conds.push(sql`coalesce(${programs.priceCents}, 0) = 0`);
  if (opts.price === "paid") conds.push(sql`${programs.priceCents} > 0`);
  const order = search.orderBy ? [search.orderBy] : [sql`${programs.startDate} asc nulls last`, asc(programs.name)];
  return db
    .select({
      id: programs.id,
      name: programs.name,
      summary: programs.summary,
      description: programs.description,
      startDate: programs.startDate,
      endDate: programs.endDate,
      format: programs.format,
      priceCents: programs.priceCents,
      currency: programs.currency,
      educators: programs.educators,
      instructionLanguages: programs.instructionLanguages,
      imageUrl: programs.imageUrl,
      updatedAt: programs.updatedAt,
      createdAt: programs.createdAt,
      language: programs.language,
      translations: programs.translations,
      locationName: locations.name,
      locationCity: locations.contactCity,
      locationCountry: locations.country,
      locationRegionId: locations.regionId,
    })
    .from(programs)
    .leftJoin(locations, and(eq(programs.locationId, locations.id), publishedSql(locations.status)))
    .where(and(...conds))
    .orderBy(...order);
}
export type ProgramSummary = Awaited<ReturnType<typeof listProgramSummaries>>[number];

/** The countries of published programs' published hosts (English names as stored), for the programs' filter. */
export async function listProgramCountries(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: locations.country })
    .from(programs)
    .innerJoin(locations, and(eq(programs.locationId, locations.id), publishedSql(locations.status)))
    .where(and(publishedSql(programs.status), sql`${locations.country} <> ''`));
  return rows.map((r) => r.country).sort((a, b) => a.localeCompare(b));
}

/** The languages published programs are taught in (codes), for the programs' filter. */
export async function listProgramInstructionLanguages(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: sql<string>`unnest(${programs.instructionLanguages})` })
    .from(programs)
    .where(publishedSql(programs.status));
  return rows.map((r) => r.code);
}

/**
 * Another program whose name has the same address key (same letters, whatever their case, spaces or hyphens): saving
 * this name would give both one page address; and the published program an address typed in another case, or with
 * extra hyphens, stands for (for a 301).
 */
export const { nameClash: findProgramNameClash, byAddressKey: findProgramByAddressKey } = addressLookups(programs);

/** A page of programs for the admin list (name search), with the host location's name and the total. */
export async function searchProgramsForAdmin(
  db: Executor,
  opts: { q?: string; status?: StatusFilter; limit: number; offset: number },
) {
  const where = and(
    opts.q ? ilike(programs.name, `%${escapeLike(opts.q)}%`) : undefined,
    statusSql(programs.status, opts.status ?? "any"),
  );
  return pageWithTotal(
    db,
    programs,
    where,
    db
      .select({
        id: programs.id,
        name: programs.name,
        startDate: programs.startDate,
        endDate: programs.endDate,
        format: programs.format,
        locationName: locations.name,
        status: programs.status,
        updatedAt: programs.updatedAt,
      })
      .from(programs)
      .leftJoin(locations, eq(locations.id, programs.locationId))
      .where(where)
      .orderBy(sql`${programs.startDate} asc nulls last`, asc(programs.name))
      .limit(opts.limit)
      .offset(opts.offset),
  );
}

/** The next programs starting on or after a day (YYYY-MM-DD), soonest first, with their host's place. */
export function listUpcomingPrograms(db: Executor, opts: { from: string; limit: number }) {
  return db
    .select({
      id: programs.id,
      name: programs.name,
      summary: programs.summary,
      language: programs.language,
      translations: programs.translations,
      startDate: programs.startDate,
      endDate: programs.endDate,
      format: programs.format,
      locationName: locations.name,
      locationCity: locations.contactCity,
      locationCountry: locations.country,
    })
    .from(programs)
    .leftJoin(locations, and(eq(programs.locationId, locations.id), publishedSql(locations.status)))
    .where(and(sql`${programs.startDate} >= ${opts.from}`, publishedSql(programs.status)))
    .orderBy(asc(programs.startDate), asc(programs.name))
    .limit(opts.limit);
}
