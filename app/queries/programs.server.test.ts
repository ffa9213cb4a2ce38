import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseForFile } from "~tests/helpers/database-for-file";
import { parseProgramQuery, programDateWindow } from "../lib/filters";
import { createProgram, listProgramSummaries } from "./programs.server";

const program = (name: string, extra: Partial<Parameters<typeof createProgram>[1]>) =>
  createProgram(t.db, { name, summary: "", description: "", format: "in-person", currency: "EUR", ...extra });

const t = testDatabaseForFile();

beforeAll(async () => {
  await program("Food Forest Design Course", {
    summary: "Two weeks of forest garden design.",
    startDate: "2027-03-01",
    endDate: "2027-03-14",
    priceCents: 90000,
  });
  await program("Online Soil Basics", { format: "online", startDate: "2027-01-10", priceCents: 0 });
  await program("Seed Saving Weekend", {
    summary: "Keep your own seeds.",
    startDate: "2027-06-05",
    endDate: "2027-06-06",
  });
  await program("Undated Mentoring", { summary: "Forest gardens, any time." });
});

const names = async (f: Parameters<typeof listProgramSummaries>[1]) =>
  (await listProgramSummaries(t.db, f)).map((p) => p.name);

describe(`program filters (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("finds programs by the words, best match first", async () => {
    expect(await names({ q: "forest" })).toEqual(["Food Forest Design Course", "Undated Mentoring"]);
    expect(await names({ q: "seeds weekend" })).toEqual(["Seed Saving Weekend"]);
    expect(await names({ q: "!!!" })).toEqual([]);
  });

  it("keeps programs that overlap the chosen days, and leaves undated ones out", async () => {
    expect(await names({ from: "2027-03-10", to: "2027-05-31" })).toEqual(["Food Forest Design Course"]);
    expect(await names({ from: "2027-06-06" })).toEqual(["Seed Saving Weekend"]);
    expect(await names({ to: "2027-02-01" })).toEqual(["Online Soil Basics"]);
  });

  it("tells free from paid (no price is free)", async () => {
    expect(await names({ price: "paid" })).toEqual(["Food Forest Design Course"]);
    expect((await names({ price: "free" })).sort()).toEqual([
      "Online Soil Basics",
      "Seed Saving Weekend",
      "Undated Mentoring",
    ]);
  });

  it("combines words, format and dates", async () => {
    expect(await names({ q: "soil", format: "online", from: "2027-01-01", to: "2027-01-31" })).toEqual([
      "Online Soil Basics",
    ]);
    expect(await names({ q: "soil", format: "in-person" })).toEqual([]);
  });
});

describe("program query parameters", () => {
  it("turns this month, the next three months and chosen dates into days", () => {
    expect(programDateWindow({ when: "month" }, "2027-02-14")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(programDateWindow({ when: "quarter" }, "2027-11-30")).toEqual({ from: "2027-11-30", to: "2028-03-01" });
    expect(programDateWindow({ when: "dates", from: "2027-05-01", to: "2027-04-01" }, "2027-01-01")).toEqual({
      from: "2027-04-01",
      to: "2027-05-01",
    });
    expect(programDateWindow({}, "2027-01-01")).toBeUndefined();
  });

  it("drops values it cannot read and says so", () => {
    const q = parseProgramQuery(new URLSearchParams("from=2027-02-30&to=tomorrow&price=cheap&when=month&q=%00x"));
    expect(q).toMatchObject({ from: undefined, to: undefined, price: undefined, when: "month", q: undefined });
    expect(q.ignored.sort()).toEqual(["from", "price", "q", "to"]);
  });
});
